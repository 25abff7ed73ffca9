import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderLines } from '../../db/schema.ts';

/** One entry per ticket of the order: its unit price (what a coupon's discount is spread over). */
export async function ticketPrices(tx: Tx, orderId: number): Promise<number[]> {
  const lines = await tx
    .select({ quantity: orderLines.quantity, unitPrice: orderLines.unitPrice })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return lines.flatMap((line) => Array.from({ length: line.quantity }, () => line.unitPrice));
}
