import { sql } from 'drizzle-orm';
import type { UpdateOrderVisitorBody } from '@kippu/contract/console/orders-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { acceptedCustomerInfo, selectOptionsOf, type FieldRule } from '../orders/customer-info-rules.ts';
import { lockOrderById } from '../orders/order-lock.ts';
import { readSiteSettings } from '../sites/site-settings.ts';
import { orderPurchase } from './order-purchase.ts';
import { visitorOf } from './order-page.ts';

/** The details the desk edits: the order form's fields of these names (spec §5). */
const EDITED = ['fullname', 'email', 'phone'] as const;

/**
 * PUT /sites/:site/orders/:id/visitor (ADR 078): staff correct the visitor's name, e-mail address or phone
 * with the order form's own rules (`acceptedCustomerInfo` over the site's field templates: required, length,
 * e-mail → `invalid email address`, phone); a field the site's form does not show cannot be set. Only the
 * fields sent change; the other entries of the form stay. The purchase's current order is edited (an order a
 * change of date left behind is history) and the reservation's address follows, so mails go to the new one.
 * `expected_updated_at` is the order as the screen read it (`console edit conflict` when it changed since).
 * Audited before and after (personal data, erasable).
 */
export async function updateVisitorDetails(
  db: Db,
  actor: AuditActor,
  site: string,
  orderId: number,
  body: UpdateOrderVisitorBody,
): Promise<{ visitor: ReturnType<typeof visitorOf>; updated_at: string }> {
  // Whose order it is comes first: another site's order answers `record not found` whatever the body holds.
  const known = await orderPurchase(db, site, orderId);
  if (!known || known.currentOrderId !== orderId) throw new AppError('record_not_found');
  const edited = EDITED.filter((key) => body[key] !== undefined);
  if (edited.length === 0) throw new AppError('invalid_request', 'nothing to change');
  const { rows: templates } = await db.$client.query<FieldRule>(
    `SELECT field_name AS "fieldName", field_type AS "fieldType", is_display AS "isDisplay",
            is_require AS "isRequire"
     FROM field_templates WHERE site_code = $1 AND field_name = ANY($2::text[]) ORDER BY position, field_name`,
    [site, edited],
  );
  const shown = templates.filter((template) => template.isDisplay);
  for (const key of edited) {
    if (!shown.some((template) => template.fieldName === key)) {
      throw new AppError('invalid_request', `the site's form has no ${key}`);
    }
  }
  const settings = await readSiteSettings(db, site);
  if (!settings) throw new AppError('record_not_found');
  const accepted = acceptedCustomerInfo(
    shown,
    edited.map((key) => ({ key, value: body[key]! })),
    selectOptionsOf(settings),
  );

  return db.transaction(async (tx) => {
    const purchase = await orderPurchase(tx, site, orderId);
    if (!purchase || purchase.currentOrderId !== orderId) throw new AppError('record_not_found');
    await lockOrderById(tx, orderId);
    const { rows } = await tx.execute<{
      customer_info: { key: string; value: string }[];
      current: boolean;
      erased: boolean;
    }>(sql`
      SELECT customer_info, personal_data_erased_at IS NOT NULL AS erased,
             date_trunc('milliseconds', updated_at) = date_trunc('milliseconds', ${body.expected_updated_at}::timestamptz) AS current
      FROM orders WHERE id = ${orderId}`);
    const order = rows[0]!;
    // Erased at the visitor's request (ADR 122): the desk does not write their details back.
    if (order.erased) throw new AppError('invalid_request', "the visitor's personal data was erased");
    if (!order.current) throw new AppError('console_edit_conflict');
    const info = order.customer_info.filter((entry) => !(edited as readonly string[]).includes(entry.key));
    info.push(...accepted);
    const { rows: updated } = await tx.execute<{ updated_at: string }>(sql`
      UPDATE orders SET customer_info = ${JSON.stringify(info)}::jsonb, updated_at = now()
      WHERE id = ${orderId} RETURNING updated_at`);
    const before = visitorOf(order.customer_info);
    const after = visitorOf(info);
    if (purchase.reservationId !== null && body.email !== undefined && after.email) {
      await tx.execute(sql`UPDATE reservations SET email = ${after.email}, updated_at = now()
                           WHERE id = ${purchase.reservationId}`);
    }
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'order',
      objectId: String(orderId),
      action: 'visitor_details_changed',
      before: { customer_info: before },
      after: { customer_info: after, fields: edited.join(',') },
      personalSubject: `order:${orderId}`,
    });
    return { visitor: after, updated_at: new Date(updated[0]!.updated_at).toISOString() };
  });
}
