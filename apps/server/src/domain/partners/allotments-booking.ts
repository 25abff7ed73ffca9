import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { holdAllottedStock } from '../stock/allotted-stock.ts';
import type { HeldOrder, HoldRequest } from '../stock/hold-types.ts';

/**
 * A partner booking's side of its allotment (ADR 089, ADR 090): which allotment a booking takes from, the take
 * (the row's `sold` and the slot's allotted → held, one transaction). The give-back on an expiry, a cancel
 * or a refund is the release's own (stock/allotted-stock.ts `returnToAllotment`).
 */

/** The partner's allotment on the slot while it holds seats (not released), locked for the caller's take. */
export async function openAllotmentFor(
  tx: Tx,
  partnerId: number,
  spanId: number,
): Promise<{ id: number; remaining: number } | undefined> {
  const { rows } = await tx.execute<{ id: number; remaining: number }>(sql`
    SELECT id, quantity - sold AS remaining FROM allotments
    WHERE partner_id = ${partnerId} AND time_span_id = ${spanId} AND released_at IS NULL
    FOR UPDATE`);
  return rows[0];
}

/**
 * Takes `request.quantity` seats of the allotment: its row's `sold` grows only while it has them (one
 * conditional UPDATE, so twenty concurrent bookings on ten seats sell exactly ten), and the slot's allotted
 * seats become the booking's held order through the stock's hold statement, both in the caller's
 * transaction (`tx` and `client` are one connection). Beyond the remaining: 409 `out of stock`.
 */
export async function takeFromAllotment(
  tx: Tx,
  client: Pick<PoolClient, 'query'>,
  allotmentId: number,
  request: HoldRequest,
): Promise<HeldOrder> {
  const { rows } = await tx.execute(sql`
    UPDATE allotments SET sold = sold + ${request.quantity}, updated_at = now()
    WHERE id = ${allotmentId} AND released_at IS NULL AND quantity - sold >= ${request.quantity}
    RETURNING id`);
  if (rows.length === 0) throw new AppError('out_of_stock');
  return holdAllottedStock(client, request);
}
