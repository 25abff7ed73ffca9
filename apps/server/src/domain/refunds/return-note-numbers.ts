import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * Issues the return note (返還インボイス) of a refund with money, in the refund's transaction: the site's next
 * number ('H', the site code, '-', six digits), taken under the counter row's lock, so numbers of one site
 * are consecutive with no gap a rollback could leave visible (the counter rolls back with the refund).
 */
export async function issueReturnNote(
  tx: Tx,
  note: { refundId: number; siteCode: string; reservationId: number; lang: string; amount: number },
): Promise<string> {
  const { rows } = await tx.execute<{ last_number: number }>(sql`
    INSERT INTO return_note_counters (site_code, last_number) VALUES (${note.siteCode}, 1)
    ON CONFLICT (site_code) DO UPDATE SET last_number = return_note_counters.last_number + 1
    RETURNING last_number`);
  const number = `H${note.siteCode}-${String(rows[0]!.last_number).padStart(6, '0')}`;
  await tx.execute(sql`
    INSERT INTO return_notes (refund_id, site_code, note_number, reservation_id, lang, amount)
    VALUES (${note.refundId}, ${note.siteCode}, ${number}, ${note.reservationId}, ${note.lang}, ${note.amount})`);
  return number;
}
