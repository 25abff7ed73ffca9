import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { newTicketSecret } from './ticket-qr.ts';

/**
 * One ticket per admitted person of a reserved order: each order line (a ticket type and its count)
 * becomes that many tickets, numbered 1..n across the reservation in the ticket types' display order.
 * Add-ons admit nobody and get no ticket. Runs in the checkout's final transaction.
 */
export async function issueTickets(tx: Tx, reservationId: number, orderId: number): Promise<number> {
  const { rows: lines } = await tx.execute<{ option_value_id: number; quantity: number }>(sql`
    SELECT l.option_value_id, l.quantity
    FROM order_lines l JOIN option_values ov ON ov.id = l.option_value_id
    WHERE l.order_id = ${orderId}
    ORDER BY ov.position, ov.id`);
  const optionValueIds = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => Number(line.option_value_id)),
  );
  if (optionValueIds.length === 0) return 0;
  const sequences = optionValueIds.map((_, index) => index + 1);
  const secrets = optionValueIds.map(() => newTicketSecret());
  await tx.execute(sql`
    INSERT INTO tickets (reservation_id, option_value_id, sequence, secret)
    SELECT ${reservationId}, t.option_value_id, t.sequence, t.secret
    FROM unnest(${sql.param(optionValueIds)}::int[], ${sql.param(sequences)}::int[], ${sql.param(secrets)}::text[])
         AS t(option_value_id, sequence, secret)`);
  return optionValueIds.length;
}
