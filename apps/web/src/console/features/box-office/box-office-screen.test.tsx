import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KioskDevice } from '@kippu/contract/console/box-office-schemas';
import { fakeConsoleApi, sessionOf, type FakeCall } from '../../test/console-fake-api.ts';
import { renderConsole } from '../../test/render-console.tsx';
import { productsFixture, saleFixture, PRODUCT } from './box-office-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  window.location.hash = '';
});

type SaleBody = { idempotency_key: string; payment: unknown; lines: unknown; time_span_id: number };
const axeClean = async (container: HTMLElement) => {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
};

function counter(sale: (call: FakeCall) => { status: number; body: unknown }) {
  return fakeConsoleApi({
    'GET /session': { status: 200, body: sessionOf('boxOffice') },
    'GET /sites/MORI/box-office/products': { status: 200, body: productsFixture() },
    'POST /sites/MORI/box-office/sales': sale,
    'GET /sites/MORI/orders': {
      status: 200,
      body: {
        orders: [
          {
            id: 88,
            reservation_number: 'MORI-0042',
            status: 'reserved',
            channel: 'pos',
            visitor: { fullname: null, email: null, phone: null },
            product_names: {
              ja: '',
              en: 'Permanent exhibition',
              'zh-hans': '',
              kr: '',
              'zh-hant': '',
              th: '',
            },
            starts_at: '2026-11-28T04:30:00Z',
            ends_at: '2026-11-28T05:30:00Z',
            quantity: 3,
            price: 4500,
            payment_method: 'cash',
            created_at: '2026-11-28T05:00:00Z',
            matched_by: ['reservation_number'],
          },
        ],
        next_cursor: null,
      },
    },
    'GET /sites/MORI/orders/88': { status: 200, body: { order: { updated_at: '2026-11-28T05:00:01Z' } } },
    'PUT /sites/MORI/orders/88/visitor': {
      status: 200,
      body: {
        visitor: { fullname: null, email: 'visitor@example.com', phone: null },
        updated_at: '2026-11-28T05:01:00Z',
      },
    },
    'POST /sites/MORI/orders/88/purchase-mail': {
      status: 200,
      body: {
        mail: {
          id: 5,
          kind: 'purchase',
          to_address: 'visitor@example.com',
          status: 'pending',
          created_at: '2026-11-28T05:01:00Z',
          sent_at: null,
          last_error: null,
        },
      },
    },
  });
}

async function fillSale(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'One more Adult' }));
  await user.click(screen.getByRole('button', { name: 'One more Adult' }));
  await user.click(screen.getByRole('button', { name: 'One more Child' }));
}

describe('box office screen', () => {
  it('sells the running slot for cash once, however often Sell is clicked, and shows the change and print view', async () => {
    const fake = counter(() => ({ status: 200, body: saleFixture() }));
    const user = userEvent.setup();
    const { container } = await renderConsole('#/sites/MORI/box-office');
    // The running slot is chosen first; the one whose counter sale ended cannot be.
    await screen.findByRole('button', { name: 'One more Adult' });
    const slots = screen.getByRole('group', { name: 'Slot' });
    const radios = within(slots).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, true, false]);
    expect((radios[0] as HTMLInputElement).disabled).toBe(true);
    expect(slots.textContent).toContain('Now');
    expect(slots.textContent).toContain('Sales ended');

    await fillSale(user);
    expect(screen.getByText('¥4,500')).toBeTruthy();
    // 3 tickets of the 4 seats left: one more still fits, then + is held back.
    await user.click(screen.getByRole('button', { name: 'One more Child' }));
    expect(screen.getByRole('button', { name: 'One more Adult' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'One Child less' }));

    // Five tickets on the later slot, then back to the running one with four seats: said, and held back.
    await user.click(within(slots).getAllByRole('radio')[2]!);
    await user.click(screen.getByRole('button', { name: 'One more Child' }));
    await user.click(screen.getByRole('button', { name: 'One more Child' }));
    await user.click(within(slots).getAllByRole('radio')[1]!);
    expect(
      screen.getByText('At most 4 tickets in this slot now: remove some or choose another slot.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'One more Adult' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'One Child less' }));
    await user.click(screen.getByRole('button', { name: 'One Child less' }));
    expect(screen.queryByText(/^At most 4 tickets/)).toBeNull();

    // Free is not offered for a total above 0; cash short is said and holds the sale back.
    expect(screen.queryByRole('radio', { name: 'Free' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Cash' }));
    await user.type(screen.getByLabelText('Cash received'), '4000');
    expect(screen.getByText('Short by ¥500')).toBeTruthy();
    const sell = screen.getByRole('button', { name: 'Sell (¥4,500)' });
    expect(sell).toHaveProperty('disabled', true);
    await user.clear(screen.getByLabelText('Cash received'));
    await user.click(screen.getByRole('button', { name: '¥5,000' }));
    expect(document.querySelector('.c-bo-change')?.textContent).toContain('¥500');
    await axeClean(container);

    await user.dblClick(sell);
    const done = await screen.findByRole('heading', { name: 'Sold: reservation MORI-0042' });
    const posts = fake.calls.filter((call) => call.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(1);
    // However many requests a double click sends, they are one sale: one key.
    expect(new Set(posts.map((call) => (call.body as SaleBody).idempotency_key)).size).toBe(1);
    expect(posts[0]!.body).toMatchObject({
      product_uuid: PRODUCT,
      time_span_id: 501,
      lines: [
        { option_value_id: 31, quantity: 2 },
        { option_value_id: 32, quantity: 1 },
      ],
      payment: { method: 'cash', received: 5000 },
      send_mail: false,
      lang: 'en',
    });
    expect((posts[0]!.body as SaleBody).idempotency_key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    // The heading takes focus in an effect after it renders: on a loaded machine that can come later than
    // findByRole's first sight of the heading.
    await waitFor(() => expect(document.activeElement).toBe(done));

    // The print view: change, three tickets with their QR codes, the receipt; its printed copy under <body>.
    const preview = await screen.findByRole('region', { name: 'Print preview' });
    expect(within(preview).getAllByRole('img', { name: /^QR code of ticket/ })).toHaveLength(3);
    expect(within(preview).getByRole('region', { name: 'Receipt' }).textContent).toContain('R-2026-000042');
    expect(within(preview).getByRole('region', { name: 'Receipt' }).textContent).toContain('T1234567890123');
    const printed = document.body.querySelector(':scope > .c-bo-print-root');
    expect(printed?.querySelectorAll('.c-bo-ticket')).toHaveLength(3);
    expect(printed?.querySelector('.c-bo-sheet--receipt')).toBeTruthy();
    await axeClean(container);
  }, 60_000);

  it('prints in the chosen format, sends the tickets by mail, and starts a new sale with a new key', async () => {
    const fake = counter(() => ({ status: 200, body: saleFixture() }));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/box-office');
    await fillSale(user);
    await user.click(screen.getByRole('radio', { name: 'Cash' }));
    await user.click(screen.getByRole('button', { name: 'Exact ¥4,500' }));
    await user.click(screen.getByRole('button', { name: 'Sell (¥4,500)' }));
    await screen.findByRole('heading', { name: 'Sold: reservation MORI-0042' });

    await user.click(screen.getByRole('radio', { name: 'A4' }));
    expect(document.body.querySelector('.c-bo-print-root .c-bo-sheet--a4')).toBeTruthy();
    expect(localStorage.getItem('kippu-console-print-format')).toBe('a4');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);

    await user.type(screen.getByLabelText('E-mail address'), 'visitor@example.com');
    await user.click(screen.getByRole('button', { name: 'Send by mail' }));
    expect(await screen.findByText('The tickets will be sent to visitor@example.com.')).toBeTruthy();
    expect(fake.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      email: 'visitor@example.com',
      expected_updated_at: '2026-11-28T05:00:01Z',
    });
    expect(fake.calls.some((call) => call.path === '/sites/MORI/orders/88/purchase-mail')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'New sale' }));
    expect(document.body.querySelector('.c-bo-print-root')).toBeNull();
    await fillSale(user);
    await user.click(screen.getByRole('radio', { name: 'Card terminal' }));
    const sell = screen.getByRole('button', { name: 'Sell (¥4,500)' });
    expect(sell).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Approval number'), 'A-778899');
    await user.click(sell);
    await screen.findByRole('heading', { name: 'Sold: reservation MORI-0042' });
    const [first, second] = fake.calls
      .filter((call) => call.path === '/sites/MORI/box-office/sales')
      .map((call) => call.body as SaleBody);
    expect(second!.payment).toEqual({ method: 'card_terminal', approval_number: 'A-778899' });
    expect(second!.idempotency_key).not.toBe(first!.idempotency_key);
  }, 60_000);

  it('keeps the key after an unknown outcome and renews it after a refusal', async () => {
    const answers = [
      { status: 503, body: { error: 'temporarily unavailable' } },
      { status: 409, body: { error: 'out of stock' } },
      { status: 200, body: saleFixture() },
    ];
    const fake = counter(() => answers.shift()!);
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/box-office');
    await fillSale(user);
    await user.click(screen.getByRole('radio', { name: 'Cash' }));
    await user.click(screen.getByRole('button', { name: 'Exact ¥4,500' }));
    const sell = screen.getByRole('button', { name: 'Sell (¥4,500)' });
    await user.click(sell);
    expect((await screen.findByRole('alert')).textContent).toContain('temporarily unavailable');
    await user.click(sell);
    expect((await screen.findByRole('alert')).textContent).toContain('Not enough seats are left');
    await user.click(sell);
    await screen.findByRole('heading', { name: 'Sold: reservation MORI-0042' });
    const keys = fake.calls
      .filter((call) => call.path === '/sites/MORI/box-office/sales')
      .map((call) => (call.body as SaleBody).idempotency_key);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  }, 60_000);

  it('says when no slot of the day can be sold at the counter, and offers nothing to sell', async () => {
    const closed = productsFixture();
    for (const slot of closed.products[0]!.slots) slot.on_sale = false;
    fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('boxOffice') },
      'GET /sites/MORI/box-office/products': { status: 200, body: closed },
    });
    await renderConsole('#/sites/MORI/box-office');
    expect(
      await screen.findByText('No slot of this product can be sold at the counter on this date.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'One more Adult' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Sell (¥0)' })).toHaveProperty('disabled', true);
  }, 60_000);

  it('lists the kiosks, adds and pairs one with its one-time address and code, and revokes one', async () => {
    const device = (id: number, name: string, extra: Partial<KioskDevice> = {}): KioskDevice => ({
      id,
      name,
      created_at: '2026-11-28T01:00:00Z',
      revoked_at: null,
      last_used_at: null,
      pairing_expires_at: null,
      ...extra,
    });
    let devices = [device(4, 'Entrance A')];
    const fake = fakeConsoleApi({
      'GET /session': { status: 200, body: sessionOf('boxOffice') },
      'GET /sites/MORI/box-office/products': { status: 200, body: productsFixture() },
      'GET /sites/MORI/kiosk-devices': () => ({ status: 200, body: { devices } }),
      'POST /sites/MORI/kiosk-devices': (call: FakeCall) => {
        const made = device(5, (call.body as { name: string }).name, {
          pairing_expires_at: '2099-01-01T00:00:00Z',
        });
        devices = [...devices, made];
        return {
          status: 200,
          body: {
            device: made,
            pairing_url: 'http://localhost/mori/api/v1/kiosk/pair/ONE-TIME-CODE',
            pairing_expires_at: '2099-01-01T00:00:00Z',
          },
        };
      },
      'DELETE /sites/MORI/kiosk-devices/4': () => {
        devices = devices.map((each) =>
          each.id === 4 ? { ...each, revoked_at: '2026-11-28T02:00:00Z' } : each,
        );
        return { status: 200, body: { revoked: true } };
      },
    });
    const user = userEvent.setup();
    await renderConsole('#/sites/MORI/box-office');
    await user.click(await screen.findByText('Kiosks of this site'));
    const table = await screen.findByRole('table', { name: 'Kiosks of this site' });
    expect(table.textContent).toContain('Entrance A');
    expect(table.textContent).toContain('Paired');

    await user.type(screen.getByLabelText('Kiosk name'), 'Entrance B');
    await user.click(screen.getByRole('button', { name: 'Add and pair' }));
    expect(await screen.findByText('http://localhost/mori/api/v1/kiosk/pair/ONE-TIME-CODE')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Pairing code for Entrance B' })).toBeTruthy();
    await vi.waitFor(() => expect(table.textContent).toContain('Waiting for pairing'));

    await user.click(screen.getByRole('button', { name: 'Revoke Entrance A' }));
    await vi.waitFor(() => expect(table.textContent).toContain('Revoked'));
    expect(fake.calls.find((call) => call.method === 'DELETE')?.headers['x-console-csrf']).toBe(
      'csrf-token-1',
    );
  }, 60_000);
});
