import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '@kippu/contract';
import { setupTestApp } from '../../../test/helper.ts';
import { orderBody, postOrder, productWithSlot } from '../../../test/order-support.ts';
import { ORDER_TRANSITIONS, canTransition, orderById, transitionOrders } from './order-state.ts';

const ctx = setupTestApp();

async function newOrder(): Promise<{ id: number; token: string }> {
  const fixture = await productWithSlot(ctx.db, 50);
  const res = await postOrder(ctx.app, orderBody(fixture, 1));
  expect(res.statusCode).toBe(201);
  const token = res.json<{ order_token: string }>().order_token;
  const { rows } = await ctx.db.execute<{ id: string }>(
    sql`SELECT id FROM orders WHERE order_token = ${token}`,
  );
  return { id: Number(rows[0]!.id), token };
}

/** Puts an order in a status by hand (test set-up only), bypassing the machine. */
async function forceStatus(id: number, status: OrderStatus): Promise<void> {
  await ctx.db.execute(sql`UPDATE orders SET status = ${status} WHERE id = ${id}`);
}

async function statusOf(id: number): Promise<string> {
  const { rows } = await ctx.db.execute<{ status: string }>(sql`SELECT status FROM orders WHERE id = ${id}`);
  return rows[0]!.status;
}

async function eventsOf(id: number) {
  const { rows } = await ctx.db.execute<{ from_status: string | null; to_status: string; reason: string }>(
    sql`SELECT from_status, to_status, reason FROM order_events WHERE order_id = ${id} ORDER BY id`,
  );
  return rows;
}

describe('order state machine', () => {
  it('allows exactly the documented moves and refuses every other one', async () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const { id } = await newOrder();
        await forceStatus(id, from);
        const moved = await transitionOrders(ctx.db, { orders: orderById(id), to, reason: 'checkout' });
        const legal = canTransition(from, to);
        expect(moved.length, `${from} → ${to}`).toBe(legal ? 1 : 0);
        expect(await statusOf(id), `${from} → ${to}`).toBe(legal ? to : from);
      }
    }
  });

  it('the table names every status, and the terminal ones lead nowhere', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const terminal of ['expired', 'cancelled', 'refunded'] as const) {
      expect(ORDER_TRANSITIONS[terminal]).toEqual([]);
    }
  });

  it('logs the hold and every move as an order event, with from, to and why', async () => {
    const { id } = await newOrder();
    await transitionOrders(ctx.db, { orders: orderById(id), to: 'ready_checkout', reason: 'customer_info' });
    await transitionOrders(ctx.db, { orders: orderById(id), to: 'paying', reason: 'checkout' });
    await transitionOrders(ctx.db, { orders: orderById(id), to: 'reserved', reason: 'payment_confirmed' });
    expect(await eventsOf(id)).toEqual([
      { from_status: null, to_status: 'holding', reason: 'hold' },
      { from_status: 'holding', to_status: 'ready_checkout', reason: 'customer_info' },
      { from_status: 'ready_checkout', to_status: 'paying', reason: 'checkout' },
      { from_status: 'paying', to_status: 'reserved', reason: 'payment_confirmed' },
    ]);
  });

  it('an illegal move leaves no event', async () => {
    const { id } = await newOrder();
    expect(
      await transitionOrders(ctx.db, { orders: orderById(id), to: 'reserved', reason: 'payment_confirmed' }),
    ).toEqual([]);
    expect((await eventsOf(id)).map((e) => e.to_status)).toEqual(['holding']);
  });

  it('two racing moves of one order: exactly one wins', async () => {
    const { id } = await newOrder();
    await forceStatus(id, 'ready_checkout');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ctx.db.transaction((tx) =>
          transitionOrders(tx, {
            orders: orderById(id),
            to: i % 2 ? 'paying' : 'cancelled',
            reason: 'checkout',
          }),
        ),
      ),
    );
    expect(results.filter((moved) => moved.length === 1)).toHaveLength(1);
    expect(await eventsOf(id)).toHaveLength(2);
  });

  it('the database refuses a status outside the machine', async () => {
    const { id } = await newOrder();
    const error = await forceStatus(id, 'paid' as OrderStatus).catch((caught: unknown) => caught);
    expect((error as { cause?: { constraint?: string } }).cause?.constraint).toBe('orders_status_known');
  });
});

describe('one transition function', () => {
  const SRC = fileURLToPath(new URL('../../', import.meta.url));
  function sourceFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
    });
  }

  it('no product code but order-state.ts writes orders.status', () => {
    const writers = sourceFiles(SRC).filter((path) => {
      const code = readFileSync(path, 'utf8');
      // The SET list of every UPDATE of orders (up to its WHERE or FROM).
      const setLists = code.matchAll(
        /UPDATE\s+orders\b(?:\s+\w+)?\s+SET\b((?:(?!\b(?:WHERE|FROM)\b)[^;`])*)/gi,
      );
      return [...setLists].some((match) => /\bstatus\s*=/i.test(match[1]!));
    });
    expect(writers.map((path) => path.slice(SRC.length))).toEqual(['domain/orders/order-state.ts']);
  });
});
