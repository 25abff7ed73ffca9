import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { payWithCard, readyOrder } from '../../../test/checkout-support.ts';
import { xsrfHeaders } from '../../../test/helper.ts';
import { createCoupon } from '../../../test/factories.ts';
import { productWithSlot, SITE_PATH } from '../../../test/order-support.ts';
import type { CancelTicketsInput } from './refund-types.ts';
import { demoStaff, type DemoStaffName } from '../../../test/console-sign-in.ts';

/** Test support for the refund tests: a paid order of `quantity` tickets, with a coupon when asked. */
export async function paidOrder(
  app: App,
  db: Db,
  options: {
    quantity?: number;
    prices?: number[];
    coupon?: { type: 'fixed' | 'percent'; value: number; limit?: number };
    startsAt?: Date;
    /** A member's discount fixed on the order before paying (as a member's login sets it, ADR 032). */
    membershipDiscount?: number;
  } = {},
) {
  const slot = await productWithSlot(
    db,
    20,
    { prices: options.prices ?? [1000] },
    { startsAt: options.startsAt },
  );
  const order = await readyOrder(app, db, slot, options.quantity ?? 3);
  let couponId: number | undefined;
  if (options.coupon) {
    const code = `R${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    couponId = await createCoupon(db, {
      code,
      discountType: options.coupon.type,
      discountValue: options.coupon.value,
      usageLimit: options.coupon.limit ?? null,
    });
    const applied = await app.inject({
      method: 'POST',
      url: `${SITE_PATH}/ordercoupons/${order.token}`,
      headers: xsrfHeaders(),
      payload: { coupon_code: code },
    });
    expect(applied.statusCode).toBe(200);
  }
  if (options.membershipDiscount)
    await db.execute(
      sql`UPDATE orders SET membership_discount = ${options.membershipDiscount} WHERE id = ${order.id}`,
    );
  const paid = await payWithCard(app, order.token);
  expect(paid.statusCode).toBe(200);
  const { rows } = await db.execute<{ status: string }>(
    sql`SELECT status FROM orders WHERE id = ${order.id}`,
  );
  expect(rows[0]!.status).toBe('reserved');
  return { ...order, slot, couponId };
}

let keys = 0;

/** A cancel with money of every ticket by the system (no approval rule), unless patched. */
export function cancelInput(orderId: number, patch: Partial<CancelTicketsInput> = {}): CancelTicketsInput {
  keys += 1;
  return {
    site: 'DEMO',
    orderId,
    ticketIds: 'all',
    money: 'refund',
    reason: 'visitor_sick',
    idempotencyKey: `test-${process.pid}-${keys}-${Math.random()}`,
    actor: { kind: 'system', label: 'refunds' },
    approval: { limitYen: null },
    ...patch,
  };
}

export async function ticketsOf(db: Db, orderId: number) {
  const { rows } = await db.execute<{ id: string; status: string }>(sql`
    SELECT tk.id, tk.status FROM tickets tk JOIN reservations r ON r.id = tk.reservation_id
    WHERE r.order_id = ${orderId} ORDER BY tk.sequence`);
  return rows.map((row) => ({ id: Number(row.id), status: row.status }));
}

/** The id of a demo staff member (seed/demo-staff.ts), for an actor. */
export async function demoStaffId(db: Db, name: DemoStaffName): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(
    sql`SELECT id FROM staff WHERE email = ${demoStaff(name).email}`,
  );
  return Number(rows[0]!.id);
}
