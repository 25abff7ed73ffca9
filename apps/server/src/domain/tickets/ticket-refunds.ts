import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * What refunds did to tickets (issue 29, ADR 076), for the ticket pages: the tickets a refund voided and the
 * reservation's return notes. Read from the refunds' tables (the refunds module writes them, above this floor).
 */
export async function ticketRefunds(
  db: Pick<Db, 'execute'>,
  ticketIds: number[],
  reservationId: number | null,
): Promise<{ refunded: Set<number>; returnNotes: { number: string; amount: number; issued_at: string }[] }> {
  const { rows } = await db.execute<{ ticket_id: string }>(sql`
    SELECT rt.ticket_id FROM refund_tickets rt JOIN refunds f ON f.id = rt.refund_id
    WHERE rt.ticket_id = ANY(${sql.param(ticketIds)}::bigint[])
      AND f.status NOT IN ('awaiting_approval', 'rejected')`);
  const notes =
    reservationId === null
      ? []
      : (
          await db.execute<{ note_number: string; amount: string; issued_at: Date | string }>(sql`
            SELECT note_number, amount, issued_at FROM return_notes
            WHERE reservation_id = ${reservationId} ORDER BY id`)
        ).rows;
  return {
    refunded: new Set(rows.map((row) => Number(row.ticket_id))),
    returnNotes: notes.map((note) => ({
      number: note.note_number,
      amount: Number(note.amount),
      issued_at: new Date(note.issued_at).toISOString(),
    })),
  };
}
