import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@kippu/contract/console/operations-dashboard';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const DASHBOARD: Dashboard = {
  date: '2026-11-28',
  sites: ['MORI', 'BORDERLESS'],
  generated_at: '2026-11-28T03:00:00Z',
  totals: { orders: 3, tickets: 5, cancelled_orders: 1, sold: 15_000, refunded: 2_700, net: 12_300 },
  sales: [
    {
      channel: 'web',
      payment_method: 'gmo',
      orders: 3,
      tickets: 5,
      cancelled_orders: 1,
      sold: 15_000,
      refunded: 2_700,
      net: 12_300,
    },
  ],
  slots_today: [
    {
      site: 'MORI',
      time_span_id: 11,
      product_name: 'Timed entry',
      starts_at: '2026-11-28T01:00:00Z',
      ends_at: '2026-11-28T01:30:00Z',
      expected: 4,
      entered: 1,
      not_arrived: 3,
    },
  ],
  capacity: [
    {
      site: 'MORI',
      date: '2026-11-28',
      time_span_id: 11,
      product_name: 'Timed entry',
      starts_at: '2026-11-28T01:00:00Z',
      capacity: 10,
      sold: 4,
      held: 1,
    },
  ],
  flagged_payments: [],
};

describe('dashboard', () => {
  it("shows the organisation's day across its sites, each row naming its site", async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /dashboard': { status: 200, body: DASHBOARD },
    });
    await renderConsole('#/dashboard');
    const slots = await screen.findByRole('region', {
      name: "Today's time slots: expected, entered, not yet arrived",
    });
    const row = within(slots).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['MORI', '10:00 AM–10:30 AM', 'Timed entry', '4', '1', '3', '25%']);
    expect(screen.getAllByText('¥12,300').length).toBeGreaterThan(0);
    // Sales say what was sold, what of it was refunded or cancelled since, and the net.
    const salesRow = screen.getByText('gmo').closest('tr')!;
    expect(
      within(salesRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['web', 'gmo', '3', '5', '¥15,000', '¥2,700', '¥12,300']);
    expect(screen.getByText('5 of 10 places in 1 slots')).toBeTruthy();
    expect(api.calls.find((call) => call.path.startsWith('/dashboard'))!.path).toBe('/dashboard?site=all');
  });

  it("asks for the chosen site's day, without a site column", async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('owner') },
      'GET /dashboard': { status: 200, body: { ...DASHBOARD, sites: ['MORI'] } },
    });
    await renderConsole('#/sites/MORI/dashboard');
    const slots = await screen.findByRole('region', {
      name: "Today's time slots: expected, entered, not yet arrived",
    });
    expect(
      within(slots)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent)[0],
    ).toBe('Time');
    expect(api.calls.find((call) => call.path.startsWith('/dashboard'))!.path).toBe('/dashboard?site=MORI');
  });
});
