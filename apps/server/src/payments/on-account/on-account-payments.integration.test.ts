import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import {
  orderStatus,
  paymentsOf,
  postCheckout,
  readyOrder,
  stockOf,
} from '../../../test/checkout-support.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import { payOrderOnAccount } from '../../domain/checkout/pay-on-account.ts';
import { ON_ACCOUNT_PARTNER_ONLY } from './on-account-provider.ts';

/**
 * `on_account` (issue 30, ADR 088): a partner's order paid at its net prices through the one settle path;
 * never a visitor's, whatever a visitor sends or a site enables by mistake.
 */
const ctx = setupTestApp();
let partnerId: number;
let slot: Awaited<ReturnType<typeof productWithSlot>>;

async function partnerOrder(quantities: [number, number]) {
  const order = await readyOrder(
    ctx.app,
    ctx.db,
    slot,
    quantities[0] + quantities[1],
    'guest@partner.example',
    {
      option_values: [
        { option_value_id: slot.optionValueIds[0], quantity: quantities[0] },
        { option_value_id: slot.optionValueIds[1], quantity: quantities[1] },
      ].filter((line) => line.quantity > 0),
    },
  );
  // What partner bookings does for its orders: channel OTA, the partner named.
  await ctx.db.$client.query(`UPDATE orders SET channel = 'OTA', partner_id = $2 WHERE id = $1`, [
    order.id,
    partnerId,
  ]);
  return order;
}

beforeAll(async () => {
  slot = await productWithSlot(ctx.db, 50, { prices: [2000, 1000] });
  const { rows } = await ctx.db.$client.query(
    `INSERT INTO partners (organisation_id, name)
     SELECT organisation_id, 'On Account Travel' FROM sites WHERE code = 'DEMO' RETURNING id`,
  );
  partnerId = Number(rows[0].id);
  await ctx.db.$client.query(
    `INSERT INTO partner_net_prices (partner_id, ticket_type_id, net_price_yen) VALUES ($1, $2, 1700)`,
    [partnerId, slot.optionValueIds[0]],
  );
});

describe('on_account', () => {
  it('is served by the on-account family under the kind account', () => {
    expect(ctx.app.payments.kindOf('on_account')).toBe('account');
    expect(ctx.app.payments.providerFor('on_account')?.family).toBe('on-account');
  });

  it("pays a partner's order at net price through the settle path: reserved, stock sold, audited paid", async () => {
    const order = await partnerOrder([2, 0]);
    const paid = await payOrderOnAccount(ctx.app.checkoutDeps, 'DEMO', order.token, partnerId);
    expect(paid).toMatchObject({ status: 'reserved', reservation_number: expect.any(String) });
    if (paid.status !== 'reserved') throw new Error('not reserved');
    expect(await orderStatus(ctx.db, order.id)).toBe('reserved');
    // Net price × quantity (2 × ¥1,700), not the visitor's ¥4,000.
    expect(await paymentsOf(ctx.db, order.id)).toEqual([
      expect.objectContaining({ method: 'on_account', amount: 3400, status: 'confirmed' }),
    ]);
    expect((await stockOf(ctx.db, slot.spanId)).sold).toBeGreaterThanOrEqual(2);
    const { rows } = await ctx.db.$client.query(
      `SELECT count(*)::int AS n FROM audit_events WHERE object_type = 'order' AND object_id = $1 AND action = 'paid'`,
      [String(order.id)],
    );
    expect(rows[0].n).toBe(1);
    // Again: the same reservation, no second payment.
    const again = await payOrderOnAccount(ctx.app.checkoutDeps, 'DEMO', order.token, partnerId);
    expect(again).toMatchObject({
      status: 'reserved',
      reservation_number: paid.reservation_number,
      reservation_token: paid.reservation_token,
    });
    expect(await paymentsOf(ctx.db, order.id)).toHaveLength(1);
  });

  it('refuses a ticket type without a net price, another partner, and an inactive partner', async () => {
    const unpriced = await partnerOrder([1, 1]);
    await expect(
      payOrderOnAccount(ctx.app.checkoutDeps, 'DEMO', unpriced.token, partnerId),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(await orderStatus(ctx.db, unpriced.id)).toBe('ready_checkout');

    const order = await partnerOrder([1, 0]);
    await expect(
      payOrderOnAccount(ctx.app.checkoutDeps, 'DEMO', order.token, partnerId + 1000),
    ).rejects.toMatchObject({ code: 'record_not_found' });
    await ctx.db.$client.query(`UPDATE partners SET active = false WHERE id = $1`, [partnerId]);
    try {
      await expect(
        payOrderOnAccount(ctx.app.checkoutDeps, 'DEMO', order.token, partnerId),
      ).rejects.toMatchObject({ code: 'invalid_request' });
    } finally {
      await ctx.db.$client.query(`UPDATE partners SET active = true WHERE id = $1`, [partnerId]);
    }
    expect(await paymentsOf(ctx.db, order.id)).toEqual([]);
  });

  it('is refused from the visitor checkout with 400, and declined even where a site enabled it for visitors', async () => {
    const order = await readyOrder(ctx.app, ctx.db, slot, 1);
    const refused = await postCheckout(ctx.app, order.token, { payment_method_type: 'on_account' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'invalid request' });
    expect(await paymentsOf(ctx.db, order.id)).toEqual([]);

    // A site that offered it on the web by mistake still books nothing: no partner booked the order.
    await ctx.db.$client.query(
      `INSERT INTO payment_methods (site_code, channel, method, enabled, position)
       VALUES ('DEMO', 'web', 'on_account', true, 99)`,
    );
    try {
      const declined = await postCheckout(ctx.app, order.token, { payment_method_type: 'on_account' });
      expect(declined.statusCode).not.toBe(200);
      expect(await orderStatus(ctx.db, order.id)).toBe('ready_checkout');
      expect(await paymentsOf(ctx.db, order.id)).toEqual([
        expect.objectContaining({
          method: 'on_account',
          status: 'failed',
          failure_code: ON_ACCOUNT_PARTNER_ONLY,
        }),
      ]);
    } finally {
      await ctx.db.$client
        .query(`DELETE FROM payment_methods WHERE site_code = 'DEMO' AND method = 'on_account'
        AND channel = 'web'`);
    }
  });

  it('gives a refund back as a credit note to the partner, without a gateway', async () => {
    const provider = ctx.app.payments.providerFor('on_account')!;
    const outcome = await provider.refund(
      {
        id: 1,
        method: 'on_account',
        siteCode: 'DEMO',
        amount: 1700,
        currency: 'JPY',
        paymentNumber: 'x',
        idempotencyKey: 'k',
        providerReference: null,
      },
      { amount: 1700, refundKey: 'refund-1-1' },
    );
    expect(outcome).toMatchObject({
      kind: 'refunded',
      events: [expect.objectContaining({ call: 'credit_note' })],
    });
  });
});
