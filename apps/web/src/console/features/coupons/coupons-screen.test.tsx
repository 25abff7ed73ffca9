import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { batchFixture, couponFixture } from './coupon-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const common = {
  'GET /sites/MORI/coupon-batches': { status: 200, body: { batches: [batchFixture()] } },
  'GET /sites/MORI/coupon-campaigns': {
    status: 200,
    body: {
      campaigns: [
        {
          campaign: 'spring',
          coverage_from: null,
          coverage_to: null,
          has_coverage: false,
          coupon_count: 1,
          version: null,
        },
      ],
    },
  },
};

describe('coupons screen', () => {
  it('lists coupons with their discount and uses, filters by kind and search, and disables one', async () => {
    let coupons = [
      couponFixture(),
      couponFixture({
        id: 32,
        code: 'WELCOME',
        kind: 'invitation',
        discount_value: null,
        usage_limit: null,
        used_count: 0,
      }),
    ];
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('marketing') },
      'GET /sites/MORI/coupons': () => ({ status: 200, body: { coupons, total: coupons.length } }),
      'PATCH /sites/MORI/coupons/31': () => {
        coupons = coupons.map((row) => (row.id === 31 ? { ...row, enabled: false, version: 3 } : row));
        return { status: 200, body: { coupon: coupons[0] } };
      },
      ...common,
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/coupons');
    const table = await screen.findByRole('table', { name: 'Coupons (single codes)' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('10% off');
    expect(first!.textContent).toContain('3 of 100');
    expect(first!.textContent).toContain('Enabled');
    expect(second!.textContent).toContain('Invitation (one ticket free)');
    expect(screen.getByRole('table', { name: 'Batches of codes' }).textContent).toContain('SUMMER- (Summer)');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Kind'), 'percent');
    await user.type(screen.getByLabelText('Code or name'), 'spr');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(api.calls.map((call) => call.path)).toContain('/sites/MORI/coupons?kind=percent&q=spr'),
    );

    // Marketing writes coupons (its limit keeps it to them).
    await user.click(screen.getByRole('button', { name: 'Disable SPRING10' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Enable SPRING10' })).toBeTruthy());
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      enabled: false,
      expected_version: 2,
    });
  });

  it("downloads a batch's CSV with the session and shows a refusal", async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('finance') },
      'GET /sites/MORI/coupons': { status: 200, body: { coupons: [], total: 0 } },
      ...common,
    });
    let csvAnswer = () =>
      new Response('\uFEFFcode,uses,limit,enabled\r\nSUMMER-ABC,0,1,true\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="coupons-MORI-5.csv"',
        },
      });
    const csvCalls: RequestInit[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/coupon-batches/5/codes')) {
        csvCalls.push(init ?? {});
        return Promise.resolve(csvAnswer());
      }
      return api.fetchMock(input, init);
    });
    const created = vi.fn((_blob: Blob) => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/coupons');
    // Finance reads: no new coupon, no switches, but the download.
    await screen.findByRole('table', { name: 'Batches of codes' });
    expect(screen.queryByRole('link', { name: 'New coupon' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Download the CSV of SUMMER-' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(csvCalls[0]?.credentials).toBe('same-origin');
    expect(await created.mock.calls[0]![0].text()).toContain('SUMMER-ABC');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('coupons-MORI-5.csv');

    csvAnswer = () =>
      new Response(JSON.stringify({ error: 'record not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    await user.click(screen.getByRole('button', { name: 'Download the CSV of SUMMER-' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
