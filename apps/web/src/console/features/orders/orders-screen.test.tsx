import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsoleApi, sessionOf } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { orderSummaryFixture } from './order-fixtures.ts';

const readyState = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'readyState')!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', readyState);
  Reflect.deleteProperty(navigator, 'mediaDevices');
  window.location.hash = '';
});

/** A camera that shows `code` to the browser's own QR reader (BarcodeDetector), as on a tablet. */
function cameraShowing(code: string) {
  const stop = vi.fn();
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) },
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
  vi.stubGlobal(
    'BarcodeDetector',
    class {
      static getSupportedFormats = async () => ['qr_code'];
      detect = async () => [{ rawValue: code }];
    },
  );
  return { stop };
}

const searchPaths = (calls: { method: string; path: string }[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.path.startsWith('/sites/MORI/orders'))
    .map((call) => call.path);

describe('orders screen', () => {
  it('searches with the value in memory and the filters in the address, and links each order', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('boxOffice') },
      'GET /sites/MORI/orders': (call) => ({
        status: 200,
        body: {
          orders: call.path.includes('q=')
            ? [orderSummaryFixture({ matched_by: ['email'] })]
            : [
                orderSummaryFixture(),
                orderSummaryFixture({ id: 502, reservation_number: null, status: 'holding' }),
              ],
          next_cursor: null,
        },
      }),
    });
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/orders?status=reserved');
    const table = await screen.findByRole('table', { name: 'Orders found' });
    // The address's filter is applied and shown.
    expect(searchPaths(api.calls)[0]).toBe('/sites/MORI/orders?status=reserved&limit=50');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('reserved');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toContain('Hanako Yamada');
    expect(first!.textContent).toContain('Reserved');
    expect(first!.textContent).toContain('Card (GMO)');
    expect(within(first!).getByRole('link', { name: 'R-2026-0001' }).getAttribute('href')).toBe(
      '#/sites/MORI/orders/501',
    );
    // An unpaid order has no reservation number yet: it is named by its id.
    expect(within(second!).getByRole('link', { name: 'Order 502' })).toBeTruthy();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    await user.click(screen.getByLabelText('Search'));
    await user.paste('hanako@example.com');
    await user.selectOptions(screen.getByLabelText('Look for it as'), 'email');
    await user.selectOptions(screen.getByLabelText('Channel'), 'web');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(searchPaths(api.calls)).toContain(
        '/sites/MORI/orders?status=reserved&channel=web&q=hanako%40example.com&kind=email&limit=50',
      ),
    );
    // The e-mail address never enters the address bar (browser history): only the filters do.
    expect(window.location.hash).toBe('#/sites/MORI/orders?status=reserved&channel=web');
    // The answer says what matched.
    await vi.waitFor(() => {
      const rows = within(screen.getByRole('table', { name: 'Orders found' })).getAllByRole('row');
      expect(rows).toHaveLength(2);
      expect(rows[1]!.lastElementChild!.textContent).toBe('E-mail');
    });
  });

  it('opens the order of a ticket read by the camera', async () => {
    const { stop } = cameraShowing('K1.11.secret.signature');
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('boxOffice') },
      'GET /sites/MORI/orders': (call) => ({
        status: 200,
        body: {
          orders: call.path.includes('kind=ticket_qr')
            ? [orderSummaryFixture({ matched_by: ['ticket_qr'] })]
            : [orderSummaryFixture(), orderSummaryFixture({ id: 502 })],
          next_cursor: null,
        },
      }),
      'GET /sites/MORI/orders/501': { status: 404, body: { error: 'record not found' } },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/orders');
    await screen.findByRole('table', { name: 'Orders found' });
    await user.click(screen.getByRole('button', { name: 'Scan a ticket' }));
    await vi.waitFor(() => expect(window.location.hash).toBe('#/sites/MORI/orders/501'));
    expect(searchPaths(api.calls)).toContain(
      '/sites/MORI/orders?q=K1.11.secret.signature&kind=ticket_qr&limit=50',
    );
    // The camera is let go once the code is read.
    expect(stop).toHaveBeenCalled();
  });

  it('takes a typed or handheld-scanned code when the camera cannot be used', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))),
      },
    });
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('finance') },
      'GET /sites/MORI/orders': (call) => ({
        status: 200,
        body: {
          orders: call.path.includes('kind=ticket_qr') ? [] : [orderSummaryFixture()],
          next_cursor: null,
        },
      }),
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/orders');
    await screen.findByRole('table', { name: 'Orders found' });
    await user.click(screen.getByRole('button', { name: 'Scan a ticket' }));
    const dialog = await screen.findByRole('dialog', { name: "Scan a ticket's QR code" });
    expect(await within(dialog).findByText(/The camera cannot be used here/)).toBeTruthy();
    // The code field has the focus: a handheld scanner types straight into it.
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Ticket's code"));
    await user.keyboard('K1.99.other.sig{Enter}');
    await vi.waitFor(() =>
      expect(searchPaths(api.calls)).toContain(
        '/sites/MORI/orders?q=K1.99.other.sig&kind=ticket_qr&limit=50',
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('No order matches.')).toBeTruthy();
    expect(window.location.hash).toBe('#/sites/MORI/orders');
  });

  it('keeps the search value when staff open an order and come back, never in the address', async () => {
    const api = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('boxOffice') },
      'GET /sites/MORI/orders': (call) => ({
        status: 200,
        body: {
          orders: [orderSummaryFixture({ matched_by: call.path.includes('q=') ? ['phone'] : [] })],
          next_cursor: null,
        },
      }),
      'GET /sites/MORI/orders/501': { status: 404, body: { error: 'record not found' } },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/orders');
    await screen.findByRole('table', { name: 'Orders found' });
    await user.click(screen.getByLabelText('Search'));
    await user.paste('090-1234-5678');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(api.calls.map((call) => call.path)).toContain('/sites/MORI/orders?q=090-1234-5678&limit=50'),
    );
    await user.click(await screen.findByRole('link', { name: 'R-2026-0001' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(window.location.hash).toBe('#/sites/MORI/orders/501');
    await user.click(screen.getByRole('link', { name: 'Back to orders' }));
    expect(((await screen.findByLabelText('Search')) as HTMLInputElement).value).toBe('090-1234-5678');
    expect(window.location.hash).toBe('#/sites/MORI/orders');
    expect(
      api.calls.filter((call) => call.path === '/sites/MORI/orders?q=090-1234-5678&limit=50').length,
    ).toBeGreaterThan(0);
  });
});
