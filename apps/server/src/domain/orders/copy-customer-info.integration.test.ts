import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { orderBody, postOrder, productWithSlot } from '../../../test/order-support.ts';
import { copyCustomerInfo } from './order-row.ts';

const FORM = [{ key: 'email', value: 'visitor@example.com' }];

/**
 * A change of date copies the purchase's form into its new order while staff may be erasing it (ADR 122):
 * the copy waits for an erasure that holds the purchase's order and copies what it left.
 */
describe('copyCustomerInfo beside an erasure', () => {
  const ctx = setupTestApp();

  async function twoOrders() {
    const slot = await productWithSlot(ctx.db, 10);
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const answer = await postOrder(ctx.app, orderBody(slot, 1));
      expect(answer.statusCode).toBe(201);
      const token = (answer.json() as { order_token: string }).order_token;
      const { rows } = await ctx.db.execute<{ id: string }>(
        sql`SELECT id FROM orders WHERE order_token = ${token}`,
      );
      ids.push(Number(rows[0]!.id));
    }
    await ctx.db.execute(
      sql`UPDATE orders SET customer_info = ${JSON.stringify(FORM)}::jsonb WHERE id = ${ids[0]!}`,
    );
    return { from: ids[0]!, to: ids[1]! };
  }

  it('waits for an erasure holding the source order and copies the erased form and its mark', async () => {
    const { from, to } = await twoOrders();
    let releaseErasure!: () => void;
    const erasureMayCommit = new Promise<void>((resolve) => (releaseErasure = resolve));
    let erasureLocked!: () => void;
    const locked = new Promise<void>((resolve) => (erasureLocked = resolve));
    const erasure = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM orders WHERE id = ${from} FOR UPDATE`);
      await tx.execute(
        sql`UPDATE orders SET customer_info = '[]'::jsonb, personal_data_erased_at = now() WHERE id = ${from}`,
      );
      erasureLocked();
      await erasureMayCommit;
    });
    await locked;
    let copied = false;
    const copy = ctx.db.transaction((tx) => copyCustomerInfo(tx, from, to)).then(() => (copied = true));
    // The copy is held at the source's lock while the erasure is open.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(copied).toBe(false);
    releaseErasure();
    await Promise.all([erasure, copy]);
    const { rows } = await ctx.db.execute<{ customer_info: unknown; erased: boolean }>(
      sql`SELECT customer_info, personal_data_erased_at IS NOT NULL AS erased FROM orders WHERE id = ${to}`,
    );
    expect(rows[0]).toEqual({ customer_info: [], erased: true });
  });

  it('copies the form and no mark from a purchase nobody is erasing', async () => {
    const { from, to } = await twoOrders();
    await ctx.db.transaction((tx) => copyCustomerInfo(tx, from, to));
    const { rows } = await ctx.db.execute<{ customer_info: unknown; erased: boolean }>(
      sql`SELECT customer_info, personal_data_erased_at IS NOT NULL AS erased FROM orders WHERE id = ${to}`,
    );
    expect(rows[0]).toEqual({ customer_info: FORM, erased: false });
  });
});
