import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * How many of a purchase's tickets are shared with companions (ADR 021), not void: they move with a change
 * of date (ADR 107), and the screens say so beside the count of all the tickets that move.
 */
export async function sharedTicketCount(db: Pick<Tx, 'execute'>, reservationId: number): Promise<number> {
  const { rows } = await db.execute<{ shared: number }>(sql`
    SELECT count(*)::int AS shared FROM tickets tk JOIN reservations c ON c.id = tk.reservation_id
    WHERE c.parent_reservation_id = ${reservationId} AND tk.status <> 'void'`);
  return rows[0]!.shared;
}
