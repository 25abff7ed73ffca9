import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportAnswer } from '@kippu/contract/console/reports-schemas';
import { fakeConsoleApi, sessionOf, type FakeCall } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';

// The lazy screen and its texts load through Vite's transform, slow on a machine shared with other suites.
configure({ asyncUtilTimeout: 30_000 });

beforeEach(() => {
  // Only the clock: "today" in Tokyo is 2026-11-28 (03:00 UTC is noon there); timers stay real.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T03:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

/** axe on what is rendered; colour contrast needs a layout jsdom has not (the e2e journeys check it). */
async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

const SALES_BY_DAY: ReportAnswer = {
  report: 'sales',
  filters: {
    from: '2026-11-01',
    to: '2026-11-28',
    site: 'MORI',
    view: null,
    group: 'day',
    method: null,
    channel: null,
    product_id: null,
  },
  columns: [
    { key: 'day', kind: 'date' },
    { key: 'orders', kind: 'count' },
    { key: 'tickets', kind: 'count' },
    { key: 'sales', kind: 'yen' },
  ],
  rows: [
    { day: '2026-11-26', orders: 2, tickets: 5, sales: 12_000 },
    { day: '2026-11-27', orders: 1, tickets: 1, sales: 1_500 },
    { day: '2026-11-28', orders: 3, tickets: 4, sales: 9_000 },
  ],
  totals: { day: null, orders: 6, tickets: 10, sales: 22_500 },
  chart: { kind: 'line', x: 'day', series: ['sales'] },
  truncated: false,
};

const ATTENDANCE: ReportAnswer = {
  report: 'attendance',
  filters: { ...SALES_BY_DAY.filters, from: '2026-11-28', group: null },
  columns: [
    { key: 'slot', kind: 'datetime' },
    { key: 'product', kind: 'text' },
    { key: 'capacity', kind: 'count' },
    { key: 'expected', kind: 'count' },
    { key: 'entered', kind: 'count' },
    { key: 'no_shows', kind: 'count' },
    { key: 'fill', kind: 'percent' },
  ],
  rows: [
    {
      slot: '2026-11-28T01:00:00+09:00',
      product: 'Timed entry',
      capacity: 10,
      expected: 8,
      entered: 6,
      no_shows: 2,
      fill: 80,
    },
    {
      slot: '2026-11-28T01:30:00+09:00',
      product: 'Timed entry',
      capacity: 10,
      expected: 4,
      entered: 4,
      no_shows: 0,
      fill: 40,
    },
  ],
  totals: { slot: null, product: null, capacity: 20, expected: 12, entered: 10, no_shows: 2, fill: null },
  chart: { kind: 'bar', x: 'slot', series: ['capacity', 'expected', 'entered'] },
  truncated: false,
};

const reportCalls = (calls: FakeCall[], prefix: string) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith(prefix)).map((call) => call.path);

describe('a report', { timeout: 120_000 }, () => {
  it('opens sales on this month, with a named chart, a table with yen and totals, and downloads with the filters', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('finance') },
      'GET /sites/MORI/reports/sales': { status: 200, body: SALES_BY_DAY },
    });
    const { container } = await renderConsole('#/sites/MORI/reports/sales');
    const table = await screen.findByRole('table', { name: /Sales, .*Nov 1, 2026.*Nov 28, 2026/ });
    // This month so far, in Tokyo, when the address names no days.
    expect(reportCalls(api.calls, '/sites/MORI/reports/sales')).toEqual([
      '/sites/MORI/reports/sales?from=2026-11-01&to=2026-11-28',
    ]);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    expect((screen.getByLabelText('Group by') as HTMLSelectElement).value).toBe('day');

    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayOrdersTicketsSales',
      'Nov 26, 202625¥12,000',
      'Nov 27, 202611¥1,500',
      'Nov 28, 202634¥9,000',
      'Total610¥22,500',
    ]);
    // Figures line up on the right; the totals are the table's foot.
    const sales = within(rows[1]!).getAllByRole('cell')[3]!;
    expect(sales.className).toContain('c-num');
    expect(rows[4]!.parentElement!.tagName).toBe('TFOOT');

    // The chart is one image named by its caption, pointing to the table as its text alternative.
    const chart = screen.getByRole('img', { name: 'Sales by Day' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)!.textContent).toBe(
      'The table below lists the same figures.',
    );
    expect(chart.querySelectorAll('circle')).toHaveLength(3);

    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv.hasAttribute('download')).toBe(true);
    expect(csv.getAttribute('href')).toBe(
      '/console/api/v1/sites/MORI/reports/sales/export?from=2026-11-01&to=2026-11-28&format=csv&lang=en',
    );
    expect(screen.getByRole('link', { name: 'Download XLSX' }).getAttribute('href')).toBe(
      '/console/api/v1/sites/MORI/reports/sales/export?from=2026-11-01&to=2026-11-28&format=xlsx&lang=en',
    );
    await expectNoAxeViolations(container);
  });

  it('asks again with the changed filters, keeps them in the address, and the downloads follow', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('finance') },
      'GET /sites/MORI/reports/sales': { status: 200, body: SALES_BY_DAY },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/reports/sales');
    await screen.findByRole('table', { name: /Sales/ });

    await user.selectOptions(screen.getByLabelText('Group by'), 'product');
    await user.selectOptions(screen.getByLabelText('Channel'), 'OTA');
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));

    expect(window.location.hash).toBe(
      '#/sites/MORI/reports/sales?from=2026-10-01&to=2026-11-28&group=product&channel=OTA',
    );
    await waitFor(() =>
      expect(reportCalls(api.calls, '/sites/MORI/reports/sales').at(-1)).toBe(
        '/sites/MORI/reports/sales?from=2026-10-01&to=2026-11-28&group=product&channel=OTA',
      ),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/console/api/v1/sites/MORI/reports/sales/export?from=2026-10-01&to=2026-11-28&group=product&channel=OTA&format=csv&lang=en',
    );
  });

  it("opens the settlement on today, and every site's figures through the organisation's report", async () => {
    const settlement: ReportAnswer = {
      ...SALES_BY_DAY,
      report: 'settlement',
      filters: { ...SALES_BY_DAY.filters, from: '2026-11-28', site: null, view: 'summary', group: null },
      columns: [
        { key: 'day', kind: 'date' },
        { key: 'site', kind: 'text' },
        { key: 'method', kind: 'text' },
        { key: 'sales', kind: 'yen' },
        { key: 'refunds', kind: 'yen' },
        { key: 'net', kind: 'yen' },
      ],
      rows: [
        { day: '2026-11-28', site: 'MORI', method: 'gmo', sales: 3_000, refunds: 1_000, net: 2_000 },
        { day: '2026-11-28', site: 'BORDERLESS', method: 'cash', sales: 1_200, refunds: 0, net: 1_200 },
      ],
      totals: { day: null, site: null, method: null, sales: 4_200, refunds: 1_000, net: 3_200 },
      chart: null,
    };
    const api = fakeConsoleApi({
      'GET /session': {
        status: 200,
        body: sessionOf('finance', {
          staff: { id: 7, email: 'finance@example.com', name: 'Demo finance', lang: 'ja' },
        }),
      },
      'GET /sites/MORI/reports/settlement': {
        status: 200,
        body: { ...settlement, filters: { ...settlement.filters, site: 'MORI' } },
      },
      'GET /reports/settlement': { status: 200, body: settlement },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/reports/settlement', 'ja');
    await screen.findByRole('table', { name: /日次精算/ });
    expect(reportCalls(api.calls, '/sites/MORI/reports/settlement')).toEqual([
      '/sites/MORI/reports/settlement?from=2026-11-28&to=2026-11-28',
    ]);
    // Methods in words; no chart where the answer asks for none.
    expect(screen.getAllByText('カード(GMO)').length).toBeGreaterThan(0);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'CSVをダウンロード' }).getAttribute('href')).toBe(
      '/console/api/v1/sites/MORI/reports/settlement/export?from=2026-11-28&to=2026-11-28&format=csv&lang=ja',
    );

    await user.selectOptions(screen.getByLabelText('決済方法'), 'cash');
    await user.click(screen.getByLabelText(/担当する全施設/));
    await user.click(screen.getByRole('button', { name: '表示' }));
    await waitFor(() =>
      expect(reportCalls(api.calls, '/reports/settlement')).toEqual([
        '/reports/settlement?from=2026-11-28&to=2026-11-28&method=cash',
      ]),
    );
    expect(window.location.hash).toContain('scope=organisation');
    expect(screen.getByRole('link', { name: 'XLSXをダウンロード' }).getAttribute('href')).toBe(
      '/console/api/v1/reports/settlement/export?from=2026-11-28&to=2026-11-28&method=cash&format=xlsx&lang=ja',
    );
  });

  it('draws fill per slot as bars against a dashed capacity, and offers no scope to a member of one site', async () => {
    fakeConsoleApi({
      'GET /session': {
        status: 200,
        body: sessionOf('finance', { sites: [{ code: 'MORI', name: 'Mori' }] }),
      },
      'GET /sites/MORI/reports/attendance': { status: 200, body: ATTENDANCE },
    });
    const { container } = await renderConsole('#/sites/MORI/reports/attendance');
    const chart = await screen.findByRole('img', { name: 'Expected, Entered by Slot' });
    // Two slots × two series of bars, and one capacity outline per slot.
    expect(chart.querySelectorAll('rect[stroke-dasharray]')).toHaveLength(2);
    expect(chart.querySelectorAll('rect:not([stroke-dasharray])')).toHaveLength(4);
    expect(screen.getByText('80%')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("draws one day's settlement as bars per method, named as the server names them", async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('finance') },
      'GET /sites/MORI/reports/settlement': {
        status: 200,
        body: {
          ...SALES_BY_DAY,
          report: 'settlement',
          filters: {
            ...SALES_BY_DAY.filters,
            from: '2026-11-28',
            to: '2026-11-28',
            view: 'summary',
            group: null,
          },
          columns: [
            { key: 'day', kind: 'date' },
            { key: 'method', kind: 'text' },
            { key: 'sales', kind: 'yen' },
            { key: 'refunds', kind: 'yen' },
            { key: 'net', kind: 'yen' },
          ],
          rows: [
            { day: '2026-11-28', method: 'Credit card', sales: 3_000, refunds: 1_000, net: 2_000 },
            { day: '2026-11-28', method: 'Cash', sales: 1_200, refunds: 0, net: 1_200 },
          ],
          totals: { day: null, method: null, sales: 4_200, refunds: 1_000, net: 3_200 },
          chart: { kind: 'bar', x: 'method', series: ['sales', 'refunds', 'net'] },
        },
      },
    });
    await renderConsole('#/sites/MORI/reports/settlement?from=2026-11-28&to=2026-11-28');
    // A method's name is no time: the axis shows it as it is (it once threw "Invalid time value").
    const chart = await screen.findByRole('img', { name: /Net/ });
    const texts = [...chart.querySelectorAll('text')].map((text) => text.textContent);
    expect(texts).toEqual(expect.arrayContaining(['Credit card', 'Cash']));
  });

  it("draws the server's fill per slot (text slot labels, a percent) against a full slot", async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('finance') },
      'GET /sites/MORI/reports/attendance': {
        status: 200,
        body: {
          ...ATTENDANCE,
          columns: [{ key: 'slot', kind: 'text' }, ...ATTENDANCE.columns.slice(1)],
          rows: ATTENDANCE.rows.map((row, at) => ({ ...row, slot: `2026-11-28 1${at}:00` })),
          chart: { kind: 'bar', x: 'slot', series: ['fill'] },
        },
      },
    });
    await renderConsole('#/sites/MORI/reports/attendance');
    const chart = await screen.findByRole('img', { name: 'Fill (%) by Slot' });
    const texts = [...chart.querySelectorAll('text')].map((text) => text.textContent);
    // Slots of one day read as their times; the axis in percent up to a full slot, outlined per slot.
    expect(texts).toEqual(expect.arrayContaining(['10:00', '11:00', '0%', '100%']));
    expect(chart.querySelectorAll('rect[stroke-dasharray]')).toHaveLength(2);
  });

  it('says so for a report that does not exist', async () => {
    fakeConsoleApi({ 'GET /session': { status: 200, body: sessionOf('finance') } });
    await renderConsole('#/sites/MORI/reports/payroll');
    expect((await screen.findByRole('alert')).textContent).toBe('There is no such report.');
  });
});
