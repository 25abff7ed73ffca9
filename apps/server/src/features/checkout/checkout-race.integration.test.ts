import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { setupTestApp } from '../../../test/helper.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import {
  CARDS,
  cardToken,
  orderStatus,
  paymentsOf,
  postCheckout,
  readyOrder,
  stockOf,
} from '../../../test/checkout-support.ts';

const ctx = setupTestApp();

/** The gateway's view: how many charges the simulator took for the order's attempts. */
async function chargesAtGateway(orderId: number): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM gateway_sim.gmo_transactions g
    JOIN payments p ON p.idempotency_key = g.order_id
    WHERE p.order_id = ${orderId} AND g.status IN ('CAPTURE', 'AUTH', 'SALES')`);
  return rows[0]!.n;
}

async function reservationsOf(orderId: number): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM reservations WHERE order_id = ${orderId}`,
  );
  return rows[0]!.n;
}

describe('checkout submitted several times at once', () => {
  let second: App;
  beforeAll(async () => {
    second = await ctx.anotherApp();
  });

  for (const copies of [2, 10]) {
    it(`${copies} identical submissions (two server processes): one charge, one reservation, stock sold once`, async () => {
      const slot = await productWithSlot(ctx.db, 20);
      const order = await readyOrder(ctx.app, ctx.db, slot, 2);
      // A double click or a retry sends the same body, with the same one-time card token.
      const body = { payment_method_type: 'gmo', token: await cardToken(ctx.app, CARDS.visa) };
      const answers = await Promise.all(
        Array.from({ length: copies }, (_, i) =>
          postCheckout(i % 2 === 0 ? ctx.app : second, order.token, body),
        ),
      );

      expect(answers.map((res) => res.statusCode)).toEqual(Array(copies).fill(200));
      const first = answers[0]!.json();
      expect(first).toMatchObject({ status: 'reserved' });
      for (const res of answers) expect(res.json()).toEqual(first);

      expect(await paymentsOf(ctx.db, order.id)).toMatchObject([{ status: 'confirmed', amount: 6000 }]);
      expect(await chargesAtGateway(order.id)).toBe(1);
      expect(await reservationsOf(order.id)).toBe(1);
      expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
      expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
      const { rows } = await ctx.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM mail_outbox
        WHERE kind = 'purchase_confirmation' AND payload ->> 'reservationNumber' = ${first.reservation_number}`);
      expect(rows[0]!.n).toBe(1);
    });
  }

  it('a declined card submitted twice at once: both answer payment_api_failure, nothing is taken', async () => {
    const slot = await productWithSlot(ctx.db, 20);
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const body = { payment_method_type: 'gmo', token: await cardToken(ctx.app, CARDS.decline) };
    const answers = await Promise.all([
      postCheckout(ctx.app, order.token, body),
      postCheckout(second, order.token, body),
    ]);
    expect(answers.map((res) => res.json())).toEqual([
      { error: 'payment_api_failure' },
      { error: 'payment_api_failure' },
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([402, 402]);
    expect(await chargesAtGateway(order.id)).toBe(0);
    expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 1, sold: 0 });
  });
});
