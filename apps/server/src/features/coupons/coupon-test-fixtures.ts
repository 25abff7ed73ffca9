import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';
import { orderLines, orders } from '../../db/schema.ts';

/** Test-only: a temporary order inserted directly, so coupon tests do not depend on POST /orders. */
export interface TestOrderInput {
  productId: number;
  timeSpanId: number;
  lines: { optionValueId: number; quantity: number; unitPrice: number }[];
  site?: SiteCode;
  channel?: string;
  lang?: string;
  status?: Row<'orders'>['status'];
  /** Set products and anything else on top of the tickets. */
  extraPrice?: number;
  expiresAt?: Date;
}

export async function createTestOrder(db: Db, input: TestOrderInput): Promise<{ id: number; token: string }> {
  const token = randomBytes(16).toString('base64url');
  const quantity = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const ticketsPrice = input.lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const [order] = await db
    .insert(orders)
    .values({
      orderToken: token,
      siteCode: input.site ?? 'DEMO',
      channel: input.channel ?? 'web',
      status: input.status ?? 'holding',
      lang: input.lang ?? 'en',
      productId: input.productId,
      timeSpanId: input.timeSpanId,
      quantity,
      price: ticketsPrice + (input.extraPrice ?? 0),
      expiresAt: input.expiresAt ?? new Date(Date.now() + 20 * 60 * 1000),
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values(input.lines.map((line) => ({ orderId: order!.id, ...line })));
  return { id: order!.id, token };
}

export async function usedCount(db: Db, couponId: number): Promise<number> {
  const result = await db.execute<{ used_count: number }>(
    sql`SELECT used_count FROM coupons WHERE id = ${couponId}`,
  );
  return result.rows[0]!.used_count;
}
