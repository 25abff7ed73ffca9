import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ticketResponseSchema } from '@kippu/contract';
import { createdGateDeviceSchema } from '@kippu/contract/console/operations-devices';
import { dashboardSchema, type Dashboard } from '@kippu/contract/console/operations-dashboard';
import { setupTestApp, xsrfHeaders } from '../../../../test/helper.ts';
import { productWithSlot, SITE_PATH } from '../../../../test/order-support.ts';
import { payWithCard, readyOrder } from '../../../../test/checkout-support.ts';
import { flagForStaff } from '../../../domain/orders/order-row.ts';
import { signedIn, twoOrganisations, type ConsoleAs, type Organisations } from './operations-test-support.ts';

const ctx = setupTestApp();
let orgs: Organisations;
let owner: ConsoleAs;

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'dashboard');
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
});

async function dashboard(as: ConsoleAs, site: string): Promise<Dashboard> {
  const res = await as.get(`/dashboard?site=${site}`);
  expect(res.statusCode).toBe(200);
  return dashboardSchema.parse(res.json());
}

describe('the dashboard', () => {
  it('counts a purchase (by channel and method), the slot’s visitors before and after a check-in, and a flagged payment', async () => {
    const before = await dashboard(owner, 'DEMO');
    const slot = await productWithSlot(ctx.db, 40);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const paid = await payWithCard(ctx.app, order.token);
    expect(paid.statusCode).toBe(200);
    const { rows: orderRows } = await ctx.db.$client.query(
      `SELECT o.price, p.method FROM orders o JOIN payments p ON p.order_id = o.id AND p.status = 'confirmed'
       WHERE o.id = $1`,
      [order.id],
    );
    const { price, method } = orderRows[0];
    // The slot was bought three days ahead; it is moved to now, so it is one of today's (Tokyo) slots.
    await ctx.db.$client.query(
      `UPDATE time_spans SET starts_at = now(), ends_at = now() + interval '30 minutes' WHERE id = $1`,
      [slot.spanId],
    );

    const bought = await dashboard(owner, 'DEMO');
    expect(bought.totals.tickets - before.totals.tickets).toBe(2);
    expect(bought.totals.revenue - before.totals.revenue).toBe(Number(price));
    const row = (d: Dashboard) => d.sales.find((s) => s.channel === 'web' && s.payment_method === method);
    expect((row(bought)?.tickets ?? 0) - (row(before)?.tickets ?? 0)).toBe(2);
    const today = (d: Dashboard) => d.slots_today.find((s) => s.time_span_id === slot.spanId);
    expect(today(bought)).toMatchObject({ site: 'DEMO', expected: 2, entered: 0, not_arrived: 2 });
    expect(bought.capacity.find((c) => c.time_span_id === slot.spanId)).toMatchObject({
      date: bought.date,
      capacity: 40,
      sold: 2,
      held: 0,
    });

    const device = createdGateDeviceSchema.parse(
      (await owner.post('/sites/DEMO/gate-devices', { name: 'Dashboard gate' })).json(),
    );
    const reservation = paid.json<{ reservation_token: string }>().reservation_token;
    const page = ticketResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/${reservation}?lang=en` })).json(),
    );
    const scan = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/gate/check-ins`,
      headers: { ...xsrfHeaders(), 'x-gate-key': device.key },
      payload: {
        code: page.tickets[0]!.qr,
        mode: 'gate',
        nonce: `dashboard-${process.pid}-xxxxxxxxxx`,
        lang: 'en',
      },
    });
    expect(scan.json()).toMatchObject({ result: 'success' });
    expect(today(await dashboard(owner, 'DEMO'))).toMatchObject({ expected: 2, entered: 1, not_arrived: 1 });

    await ctx.db.transaction((tx) =>
      flagForStaff(tx, sql`SELECT ${order.id}::bigint`, 'gateway never answered'),
    );
    const flagged = await dashboard(owner, 'all');
    expect(flagged.sites).toContain('DEMO');
    expect(flagged.sites).not.toContain('OKINAWA');
    expect(flagged.flagged_payments.find((f) => f.order_id === order.id)).toMatchObject({
      site: 'DEMO',
      reason: 'gateway never answered',
      amount: Number(price),
    });
  });

  it('another organisation sees none of it; roles without reports are refused; bad input is 400', async () => {
    const theirs = await signedIn(ctx.app, ctx.db, orgs.b, 'owner', 'all');
    const all = await dashboard(theirs, 'all');
    expect(all.sites).toEqual(['OKINAWA']);
    expect(JSON.stringify(all)).not.toContain('"DEMO"');
    expect((await theirs.get('/dashboard?site=DEMO')).statusCode).toBe(404);

    const gate = await signedIn(ctx.app, ctx.db, orgs.a, 'gate', ['DEMO']);
    for (const site of ['DEMO', 'all']) {
      const res = await gate.get(`/dashboard?site=${site}`);
      expect([res.statusCode, res.json()]).toEqual([404, { error: 'record not found' }]);
    }
    // A planner covering DEMO only: `all` is DEMO alone, ARTIZON is not found.
    const planner = await signedIn(ctx.app, ctx.db, orgs.a, 'planner', ['DEMO']);
    expect((await dashboard(planner, 'all')).sites).toEqual(['DEMO']);
    expect((await planner.get('/dashboard?site=ARTIZON')).statusCode).toBe(404);
    for (const query of ['', '?site=', '?site=demo%27--', '?site=ALL%00']) {
      const res = await owner.get(`/dashboard${query}`);
      expect([query, res.statusCode]).toEqual([query, 400]);
    }
  });
});
