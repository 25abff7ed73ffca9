import { sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { newOrderToken } from './hold-stock.ts';
import { insertHeldOrders } from './hold-statements.ts';
import type { HeldOrder, HoldRequest } from './hold-types.ts';
import { noteStockChange } from './stock-changes.ts';

/**
 * The slot's allotted seats (ADR 089): part of its capacity reserved for partners, counted in the slot's own
 * row (`time_spans.allotted`) inside the one CHECK `held + sold + allotted <= capacity`. These are the only
 * writes of `allotted`; each is one conditional UPDATE of the slot's row, so two of them (or one and a web
 * hold) serialise on the row lock and none can oversell. Which partner owns the seats is the partners
 * domain's business (domain/partners/allotments*.ts); the stock only knows how many a slot has reserved.
 */

/**
 * Free seats → allotted (a new allotment, a larger one, or seats of a cancelled partner booking going back
 * to its allotment). Answers false, having changed nothing, when the slot has fewer free seats.
 */
export async function allotFreeSeats(tx: Tx, spanId: number, seats: number): Promise<boolean> {
  if (seats <= 0) return true;
  const { rows } = await tx.execute(sql`
    UPDATE time_spans SET allotted = allotted + ${seats}
    WHERE id = ${spanId} AND capacity - held - sold - allotted >= ${seats}
    RETURNING id`);
  if (rows.length === 0) return false;
  noteStockChange();
  return true;
}

/**
 * Allotted seats → free seats for general sale (the cut-off job, a smaller allotment, a deleted one). The
 * caller's allotment rows say how many are its own; a shortfall here means the two disagree: a bug that must
 * not commit.
 */
export async function releaseAllottedSeats(tx: Tx, spanId: number, seats: number): Promise<void> {
  if (seats <= 0) return;
  const { rows } = await tx.execute(sql`
    UPDATE time_spans SET allotted = allotted - ${seats}
    WHERE id = ${spanId} AND allotted >= ${seats}
    RETURNING id`);
  if (rows.length === 0) throw new Error(`allotted stock: slot ${spanId} has fewer than ${seats} allotted`);
  noteStockChange();
}

/**
 * A partner booking's hold on its allotment: allotted → held and the temporary order, in ONE statement (the
 * hold's own, hold-statements.ts, with every seat taken from the allotted ones), on the caller's transaction
 * `client` (where the partner's allotment row was taken in the same transaction). The order then settles as
 * every order does (held → sold). Refuses like the hold: not on sale, the OTA cut-off passed, or fewer
 * allotted seats than asked (`out of stock`).
 */
export async function holdAllottedStock(
  client: Pick<PoolClient, 'query'>,
  request: HoldRequest,
): Promise<HeldOrder> {
  const token = newOrderToken();
  const rows = await insertHeldOrders(client, request.timeSpanId, [{ token, request }], [], request.quantity);
  const row = rows[0];
  if (!row) throw new AppError('out_of_stock');
  noteStockChange();
  return { orderToken: token, expiresAt: row.expires_at, price: request.price };
}
