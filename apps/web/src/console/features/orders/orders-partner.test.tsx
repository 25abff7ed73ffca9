import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { orderFixture, orderSummaryFixture } from './order-fixtures.ts';

// The screen loads its chunk and texts first: on a busy machine (load 40 on two cores) that took over 30 s.
configure({ asyncUtilTimeout: 60_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('orders screen: partner bookings (issue 30)', () => {
  it(
    'finds the bookings of channel OTA, as the partner screen links them, with the partner and the method on account',
    { timeout: 120_000 },
    async () => {
      const api = fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('boxOffice') },
        'GET /sites/MORI/orders': {
          status: 200,
          body: {
            orders: [
              orderSummaryFixture({
                channel: 'OTA',
                partner_id: 12,
                partner_name: 'Sakura Travel',
                payment_method: 'on_account',
                price: 5600,
              }),
            ],
            next_cursor: null,
          },
        },
      });
      await renderConsole('#/sites/MORI/orders?channel=OTA&partner=12');
      const table = await screen.findByRole('table', { name: 'Orders found' });
      const [, row] = within(table).getAllByRole('row');
      expect(row!.textContent).toContain('Partner (OTA)');
      expect(row!.textContent).toContain('Sakura Travel');
      expect(row!.textContent).toContain('On account (partner)');
      // The partner screen's link asks the server for that partner's bookings only.
      const asked = api.calls.find((call) => call.path.startsWith('/sites/MORI/orders'))?.path ?? '';
      expect(asked).toContain('channel=OTA');
      expect(asked).toContain('partner_id=12');
      expect((screen.getByLabelText('Channel') as HTMLSelectElement).value).toBe('OTA');
      expect(screen.getByRole('status').textContent).toContain('Only the bookings of partner Sakura Travel');
      expect(screen.getByRole('link', { name: 'Show every partner’s orders' }).getAttribute('href')).toBe(
        '#/sites/MORI/orders?channel=OTA',
      );
      // A row's partner filters the list by that partner.
      expect(
        within(row!)
          .getByRole('link', { name: 'Only this partner’s bookings: Sakura Travel' })
          .getAttribute('href'),
      ).toBe('#/sites/MORI/orders?channel=OTA&partner=12');
    },
  );

  it(
    'shows the partner on the order’s page, and no partner for a web order',
    { timeout: 120_000 },
    async () => {
      fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('boxOffice') },
        'GET /sites/MORI/orders/501': {
          status: 200,
          body: { order: orderFixture({ channel: 'OTA', partner_id: 12, partner_name: 'Sakura Travel' }) },
        },
        'GET /sites/MORI/orders/502': { status: 200, body: { order: orderFixture({ id: 502 }) } },
      });
      await renderConsole('#/sites/MORI/orders/501');
      const partner = await screen.findByText('Partner', { selector: 'dt' });
      expect(partner.nextElementSibling?.textContent).toBe('Sakura Travel');
      window.location.hash = '#/sites/MORI/orders/502';
      await screen.findByText(
        (_, element) => element?.tagName === 'DD' && /^Web ·/.test(element.textContent ?? ''),
      );
      expect(screen.queryByText('Partner', { selector: 'dt' })).toBeNull();
    },
  );
});
