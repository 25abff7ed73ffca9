import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';

/**
 * What the partner owes for an order (issue 30, ADR 088): the sum over its lines of the partner's net price
 * for the line's ticket type × quantity. An order with a ticket type the partner has no net price for, or a
 * partner that is inactive or not the organisation's, is refused: an on-account payment is never ¥0 and never
 * at a price nobody agreed.
 */
export async function partnerNetTotal(tx: Tx, partnerId: number, orderId: number): Promise<number> {
  const { rows } = await tx.execute<{ lines: number; priced: number; total: string | null }>(sql`
    SELECT count(*)::int AS lines, count(n.net_price_yen)::int AS priced,
           sum(n.net_price_yen::bigint * l.quantity) AS total
    FROM order_lines l
    JOIN orders o ON o.id = l.order_id
    JOIN sites s ON s.code = o.site_code
    LEFT JOIN partners p ON p.id = ${partnerId} AND p.organisation_id = s.organisation_id AND p.active
    LEFT JOIN partner_net_prices n ON n.partner_id = p.id AND n.ticket_type_id = l.option_value_id
    WHERE l.order_id = ${orderId} AND l.quantity > 0`);
  const summary = rows[0];
  if (!summary || summary.lines === 0 || summary.priced !== summary.lines) {
    throw new AppError('invalid_request', 'a ticket type of the order has no net price for this partner');
  }
  const total = Number(summary.total);
  if (!(total > 0)) throw new AppError('invalid_request', 'an on-account payment is never 0');
  return total;
}

/** The partner's net price per ticket type (for quoting), for an active partner of the organisation. */
export async function partnerNetPrices(
  tx: Pick<Tx, 'execute'>,
  organisationId: number,
  partnerId: number,
): Promise<Map<number, number>> {
  const { rows } = await tx.execute<{ ticket_type_id: number; net_price_yen: number }>(sql`
    SELECT n.ticket_type_id, n.net_price_yen FROM partner_net_prices n
    JOIN partners p ON p.id = n.partner_id
    WHERE p.id = ${partnerId} AND p.organisation_id = ${organisationId} AND p.active`);
  return new Map(rows.map((row) => [Number(row.ticket_type_id), Number(row.net_price_yen)]));
}
