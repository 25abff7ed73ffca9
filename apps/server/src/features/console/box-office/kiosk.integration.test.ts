import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, kioskSessionResponseSchema } from '@kippu/contract';
import { kioskPairingSchema } from '@kippu/contract/console/box-office-schemas';
import { setupTestApp, xsrfHeaders } from '../../../../test/helper.ts';
import { orderBody, SITE_PATH } from '../../../../test/order-support.ts';
import { forgetCachedGates } from '../../../domain/check-ins/gate-keys.ts';
import { signedIn, twoOrganisations, type ConsoleAs } from '../operations/operations-test-support.ts';
import { counterSlot, visitorOrder } from './box-office-test-support.ts';

const ctx = setupTestApp();
let owner: ConsoleAs;

beforeAll(async () => {
  const orgs = await twoOrganisations(ctx.db, 'kiosk');
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
});

/** Registers a kiosk and opens its pairing URL as the tablet would: answers the device cookie. */
async function pairedKiosk(name: string): Promise<{ id: number; cookie: string }> {
  const created = kioskPairingSchema.parse((await owner.post('/sites/DEMO/kiosk-devices', { name })).json());
  const url = new URL(created.pairing_url);
  expect(url.pathname).toMatch(/^\/demo\/api\/v1\/kiosk\/pair\/[A-Za-z0-9_-]+$/);
  const paired = await ctx.app.inject({ method: 'GET', url: url.pathname });
  expect(paired.statusCode).toBe(303);
  expect(paired.headers.location).toBe('/demo/#/kiosk');
  const setCookie = String(paired.headers['set-cookie']);
  expect(setCookie).toMatch(/^kippu_kiosk=KG1-[A-Z2-7]{32};/);
  expect(setCookie).toContain('Path=/demo');
  expect(setCookie).toContain('HttpOnly');
  expect(setCookie).toContain('SameSite=Strict');
  // The code is good once.
  const again = await ctx.app.inject({ method: 'GET', url: url.pathname });
  expect(again.headers.location).toBe('/demo/#/kiosk?paired=0');
  expect(String(again.headers['set-cookie'] ?? '')).not.toContain('kippu_kiosk=');
  return { id: created.device.id, cookie: setCookie.split(';')[0]! };
}

async function session(cookie: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${SITE_PATH}/kiosk/session?lang=en`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.headers['cache-control']).toBe('private, no-store');
  return kioskSessionResponseSchema.parse(res.json());
}

describe('the kiosk (channel kiosk)', () => {
  it('pairs a tablet, which then knows it is a kiosk with the kiosk’s methods', async () => {
    const { cookie } = await pairedKiosk('Entrance tablet');
    expect(await session(cookie)).toMatchObject({
      kiosk: true,
      device_name: 'Entrance tablet',
      payment_methods: [
        expect.objectContaining({ payment_method_type: 'gmo' }),
        expect.objectContaining({ payment_method_type: 'free' }),
      ],
    });
    expect(await session('')).toEqual({ kiosk: false });
    // A kiosk's key never opens the gate.
    forgetCachedGates();
    const gate = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/gate/session?lang=en`,
      headers: { 'x-gate-key': cookie.split('=')[1]! },
    });
    expect(gate.statusCode).toBe(401);
    // And the console's gate devices do not list it.
    const gates = (await owner.get('/sites/DEMO/gate-devices')).json<{ devices: { name: string }[] }>();
    expect(gates.devices.map((d) => d.name)).not.toContain('Entrance tablet');
  });

  it('sells on the kiosk channel, the running slot included, with no form to fill', async () => {
    const { cookie } = await pairedKiosk('Kiosk 2');
    const slot = await counterSlot(ctx.db, 10, { startedMinutesAgo: 10, prices: [0, 0] });
    // The catalogue lists the running slot by each channel's cut-off: the kiosk's, not the web's.
    const orderable = async (channel: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `${SITE_PATH}${ROUTES.orderableStocks.path}?product_time_span_id=${slot.spanId}&channel=${channel}`,
        })
      ).json<{ status: string }>().status;
    expect(await orderable('kiosk')).toBe('available');
    expect(await orderable('web')).toBe('not_on_sale');
    const held = await visitorOrder(ctx.app, orderBody(slot, 2, { channel: 'kiosk' }), cookie);
    expect(held.statusCode).toBe(201);
    const token = held.json<{ order_token: string }>().order_token;
    const { rows } = await ctx.db.$client.query(`SELECT channel FROM orders WHERE order_token = $1`, [token]);
    expect(rows).toEqual([{ channel: 'kiosk' }]);

    const form = await ctx.app.inject({
      method: 'PUT',
      url: `${SITE_PATH}/orders/${token}`,
      headers: { ...xsrfHeaders(), cookie: `${xsrfHeaders().cookie}; ${cookie}` },
      payload: { customer_info: [] },
    });
    expect(form.json()).toMatchObject({ status: 'ready_checkout', customer_info: [] });
    const checkout = (cookies: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${SITE_PATH}/orders/checkout/${token}`,
        headers: { ...xsrfHeaders(), cookie: `${xsrfHeaders().cookie}${cookies}` },
        payload: { payment_method_type: 'free' },
      });
    // The kiosk's order checked out from a browser that is not a paired kiosk: refused, still to pay.
    const elsewhere = await checkout('');
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json()).toEqual({ error: 'kiosk device not authorised' });
    const { rows: unpaid } = await ctx.db.$client.query(`SELECT status FROM orders WHERE order_token = $1`, [
      token,
    ]);
    expect(unpaid).toEqual([{ status: 'ready_checkout' }]);
    const paid = await checkout(`; ${cookie}`);
    expect(paid.json()).toMatchObject({ status: 'reserved' });
    // The same order's form from a browser that is not the kiosk: not the web's order.
    const web = await ctx.app.inject({
      method: 'PUT',
      url: `${SITE_PATH}/orders/${token}`,
      headers: xsrfHeaders(),
      payload: { customer_info: [] },
    });
    expect(web.json()).toEqual({ error: 'invalid channel' });
  });

  it('refuses a revoked kiosk, and a tablet paired again replaces the earlier one', async () => {
    const first = await pairedKiosk('Kiosk 3');
    const slot = await counterSlot(ctx.db, 10);
    const repair = kioskPairingSchema.parse(
      (await owner.post(`/sites/DEMO/kiosk-devices/${first.id}/pairing`, {})).json(),
    );
    const second = await ctx.app.inject({ method: 'GET', url: new URL(repair.pairing_url).pathname });
    const secondCookie = String(second.headers['set-cookie']).split(';')[0]!;
    expect((await session(first.cookie)).kiosk).toBe(false);
    expect((await session(secondCookie)).kiosk).toBe(true);

    expect((await owner.delete(`/sites/DEMO/kiosk-devices/${first.id}`)).json()).toEqual({ revoked: true });
    const refused = await visitorOrder(ctx.app, orderBody(slot, 1, { channel: 'kiosk' }), secondCookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'kiosk device not authorised' });
    expect(await session(secondCookie)).toEqual({ kiosk: false });
    const list = (await owner.get('/sites/DEMO/kiosk-devices')).json<{
      devices: { id: number; revoked_at: string | null }[];
    }>();
    expect(list.devices.find((d) => d.id === first.id)?.revoked_at).not.toBeNull();
    // A revoked kiosk is not paired again.
    expect((await owner.post(`/sites/DEMO/kiosk-devices/${first.id}/pairing`, {})).statusCode).toBe(401);
    const { rows } = await ctx.db.$client.query(
      `SELECT action FROM audit_events WHERE object_type = 'kiosk_device' AND object_id = $1 ORDER BY id`,
      [String(first.id)],
    );
    expect(rows.map((r: { action: string }) => r.action)).toEqual([
      'register',
      'paired',
      'pairing',
      'paired',
      'revoke',
    ]);
  });
});
