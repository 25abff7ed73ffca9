import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { orderSummaryFixture } from './order-fixtures.ts';

// The screen loads its chunk and texts first: on a busy machine (load 40 on two cores) that took over 30 s.
configure({ asyncUtilTimeout: 60_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('orders screen: partner bookings (issue 30)', () => {
  it(
    'finds the bookings of channel OTA, as the partner screen links them, with their method on account',
    { timeout: 120_000 },
    async () => {
      const api = fakeConsoleApi({
        'GET /session': { status: 200, body: sessionOf('boxOffice') },
        'GET /sites/MORI/orders': {
          status: 200,
          body: {
            orders: [orderSummaryFixture({ channel: 'OTA', payment_method: 'on_account', price: 5600 })],
            next_cursor: null,
          },
        },
      });
      await renderConsole('#/sites/MORI/orders?channel=OTA');
      const table = await screen.findByRole('table', { name: 'Orders found' });
      const [, row] = within(table).getAllByRole('row');
      expect(row!.textContent).toContain('Partner (OTA)');
      expect(row!.textContent).toContain('On account (partner)');
      expect(api.calls.find((call) => call.path.startsWith('/sites/MORI/orders'))?.path).toContain(
        'channel=OTA',
      );
      expect((screen.getByLabelText('Channel') as HTMLSelectElement).value).toBe('OTA');
    },
  );
});
