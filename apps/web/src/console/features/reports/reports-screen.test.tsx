import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportSchedulesAnswer } from '@kippu/contract/console/reports-schemas';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';

// The lazy screen and its texts load through Vite's transform, slow on a machine shared with other suites.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const SCHEDULES: ReportSchedulesAnswer = {
  daily_settlement: { enabled: false, recipient_staff_ids: [], site_codes: [], version: 3 },
  candidates: [
    { staff_id: 7, name: 'Demo owner', email: 'owner@example.com', lang: 'en' },
    { staff_id: 9, name: 'Kana Sato', email: 'kana@example.com', lang: 'ja' },
  ],
};

describe('reports', { timeout: 120_000 }, () => {
  it("lists each report with the question it answers, for the site or all the member's sites", async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('finance') },
      'GET /reports/schedules': { status: 200, body: SCHEDULES },
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/reports');
    const settlement = await screen.findByRole('link', { name: 'Daily settlement' });
    expect(settlement.getAttribute('href')).toBe('#/sites/MORI/reports/settlement');
    const items = within(screen.getAllByRole('list').find((list) => list.className === 'c-report-list')!)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(5);
    expect(items[0]).toContain('payment numbers to match');
    expect(items[2]).toContain('no-shows');
    // The member covers two sites: the list can show everything of both.
    await user.click(screen.getByLabelText('All my sites (2)'));
    expect(window.location.hash).toBe('#/sites/MORI/reports?scope=organisation');
    expect((await screen.findByRole('link', { name: 'Sales' })).getAttribute('href')).toBe(
      '#/sites/MORI/reports/sales?scope=organisation',
    );
    // Finance writes reports: it chooses who gets the daily settlement.
    await screen.findByText('Kana Sato');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByLabelText('Send it').matches(':disabled')).toBe(false);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('shows the schedule unchangeable to a member who only reads reports', async () => {
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('marketing') },
      'GET /reports/schedules': { status: 200, body: SCHEDULES },
    });
    await renderConsole('#/sites/MORI/reports');
    await screen.findByText('Kana Sato');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByLabelText('Send it').matches(':disabled')).toBe(true);
  });

  it('saves the daily settlement: on, to whom, for which sites, against the version it read', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /reports/schedules': { status: 200, body: SCHEDULES },
      'PUT /reports/schedules': (call) => {
        const sent = (call.body as { daily_settlement: Record<string, unknown> }).daily_settlement;
        return {
          status: 200,
          body: {
            ...SCHEDULES,
            daily_settlement: {
              enabled: sent.enabled,
              recipient_staff_ids: sent.recipient_staff_ids,
              site_codes: sent.site_codes,
              version: 4,
            },
          },
        };
      },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/reports');
    await user.click(await screen.findByLabelText('Send it'));
    await user.click(screen.getByLabelText(/Kana Sato/));
    await user.click(screen.getByLabelText('Borderless'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Saved.');
    const put = api.calls.find((call) => call.method === 'PUT')!;
    expect(put.headers['x-console-csrf']).toBe('csrf-token-1');
    expect(put.body).toEqual({
      daily_settlement: {
        enabled: true,
        recipient_staff_ids: [9],
        site_codes: ['BORDERLESS'],
        expected_version: 3,
      },
    });
    expect((screen.getByLabelText(/Kana Sato/) as HTMLInputElement).checked).toBe(true);
  });

  it('offers the way out of a conflicting save: loading what is saved now', async () => {
    let version = 3;
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /reports/schedules': () => ({
        status: 200,
        body: {
          ...SCHEDULES,
          daily_settlement: { ...SCHEDULES.daily_settlement, enabled: version > 3, version },
        },
      }),
      'PUT /reports/schedules': () => {
        version = 5;
        return { status: 409, body: { error: 'console edit conflict' } };
      },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/reports');
    await user.click(await screen.findByLabelText(/Kana Sato/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Load the saved version' }));
    // What another member saved meanwhile: on, nobody chosen here.
    await waitFor(() => expect((screen.getByLabelText('Send it') as HTMLInputElement).checked).toBe(true));
    expect((screen.getByLabelText(/Kana Sato/) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
