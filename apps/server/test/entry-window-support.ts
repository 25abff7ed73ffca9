import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/**
 * Moves a slot to "now" (started five minutes ago, 30 minutes long) so its tickets are inside their entry
 * window (ADR 111: a ticket admits only around its slot, never on another day). Tests buy ahead, since sales
 * close when a slot starts, then move the slot before they scan: the clock of the gate without fake timers.
 * Only for a slot of the test's own product.
 */
export async function moveSlotToNow(db: Db, spanId: number): Promise<void> {
  await db.execute(sql`
    UPDATE time_spans SET starts_at = date_trunc('second', now()) - interval '5 minutes',
           ends_at = date_trunc('second', now()) + interval '25 minutes'
    WHERE id = ${spanId}`);
}
