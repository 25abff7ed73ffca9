import { sql } from 'drizzle-orm';
import type { OrderStatus, SalesChannel, UpdateOrderBody, UpdateOrderResponse } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { readSiteSettings } from '../sites/site-settings.ts';
import { acceptedCustomerInfo, selectOptionsOf, type FieldRule } from './customer-info-rules.ts';
import { OPEN_STATUSES, isTimedOut, orderById, transitionOrders } from './order-state.ts';
import { assertNotChangeOrder } from '../time-changes/time-change-store.ts';

/** Why an order could not be updated, read after the conditional update found nothing to change. */
async function refusalFor(
  tx: Tx,
  siteCode: string,
  token: string,
  channel: SalesChannel | undefined,
): Promise<AppError> {
  const { rows } = await tx.execute<{ status: OrderStatus; lapsed: boolean; channel: SalesChannel }>(
    sql`SELECT status, expires_at <= now() AS lapsed, channel FROM orders
        WHERE order_token = ${token} AND site_code = ${siteCode}`,
  );
  const row = rows[0];
  if (row && channel && row.channel !== channel) return new AppError('invalid_channel');
  if (row && isTimedOut(row.status, row.lapsed)) return new AppError('session_timeout');
  return new AppError('record_not_found');
}

/**
 * The spot order's form (PUT /spot/orders/{id}): a visitor buying at the venue gives only the e-mail
 * address the ticket link is sent to, and is not asked to confirm it by mail before paying (ADR 031).
 */
const SPOT_FIELDS: FieldRule[] = [{ fieldName: 'email', fieldType: 'text', isDisplay: true, isRequire: true }];

/**
 * PUT /orders/{id}: stores the order-form contents filtered by the site's field templates and moves a
 * holding order to ready_checkout, except on a site with isMailConfirm: there the order stays holding until
 * the visitor follows the mailed link (GET /ordermails/{mailToken}, ADR 020). Only an open, unexpired order
 * changes (a conditional update). A change of date's order is not the form's (`record not found`): it
 * keeps the holder's details copied from the purchase (ADR 029, 040).
 */
export async function updateCustomerInfo(
  db: Db,
  siteCode: string,
  token: string,
  body: UpdateOrderBody,
  /** 'spot' for PUT /spot/orders/{id}: only a spot order, only the spot form, no mail confirmation. */
  channel?: 'spot',
): Promise<UpdateOrderResponse> {
  const templates =
    channel === 'spot'
      ? SPOT_FIELDS
      : (
          await db.$client.query<FieldRule>(
            `SELECT field_name AS "fieldName", field_type AS "fieldType", is_display AS "isDisplay",
                    is_require AS "isRequire"
             FROM field_templates WHERE site_code = $1 ORDER BY position, field_name`,
            [siteCode],
          )
        ).rows;
  const settings = await readSiteSettings(db, siteCode);
  if (!settings) throw new AppError('record_not_found');
  const customerInfo = acceptedCustomerInfo(templates, body.customer_info, selectOptionsOf(settings));
  const confirmsByMail = settings.isMailConfirm && channel !== 'spot';
  return db.transaction(async (tx) => {
    const updated = await tx.execute<{ id: string; status: OrderStatus }>(sql`
      UPDATE orders SET customer_info = ${JSON.stringify(customerInfo)}::jsonb, updated_at = now()
      WHERE order_token = ${token} AND site_code = ${siteCode}
        AND status = ANY(${sql.param([...OPEN_STATUSES])}::text[]) AND expires_at > now()
        AND (${channel ?? null}::text IS NULL OR channel = ${channel ?? null})
      RETURNING id, status`);
    const order = updated.rows[0];
    if (!order) throw await refusalFor(tx, siteCode, token, channel);
    // A change of date has no order form (spec: order, payment, confirm): its order carries the purchase's
    // holder, and this would rewrite the purchase's details unconfirmed and move the order on. Rolled back.
    await assertNotChangeOrder(tx, Number(order.id), 'record_not_found');
    let status = order.status;
    if (status === 'holding' && !confirmsByMail) {
      await transitionOrders(tx, {
        orders: orderById(Number(order.id)),
        to: 'ready_checkout',
        reason: 'customer_info',
      });
      status = 'ready_checkout';
    }
    return { order_token: token, status, customer_info: customerInfo };
  });
}
