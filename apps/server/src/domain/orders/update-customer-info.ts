import type { OrderStatus, UpdateOrderBody, UpdateOrderResponse } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { acceptedCustomerInfo, type FieldRule } from './customer-info-rules.ts';
import { isTimedOut } from './get-order.ts';

/** Why an order could not be updated, read after the conditional update found nothing to change. */
async function refusalFor(db: Db, siteCode: string, token: string): Promise<AppError> {
  const { rows } = await db.$client.query<{ status: OrderStatus; lapsed: boolean }>(
    'SELECT status, expires_at <= now() AS lapsed FROM orders WHERE order_token = $1 AND site_code = $2',
    [token, siteCode],
  );
  const row = rows[0];
  if (row && isTimedOut(row.status, row.lapsed)) return new AppError('session_timeout');
  return new AppError('record_not_found');
}

/**
 * PUT /orders/{id}: stores the order-form contents filtered by the site's field templates and moves
 * the order to ready_checkout. Only an open, unexpired order changes (one conditional update).
 */
export async function updateCustomerInfo(
  db: Db,
  siteCode: string,
  token: string,
  body: UpdateOrderBody,
): Promise<UpdateOrderResponse> {
  const templates = await db.$client.query<FieldRule>(
    `SELECT field_name AS "fieldName", is_display AS "isDisplay", is_require AS "isRequire"
     FROM field_templates WHERE site_code = $1 ORDER BY position, field_name`,
    [siteCode],
  );
  const customerInfo = acceptedCustomerInfo(templates.rows, body.customer_info);
  const updated = await db.$client.query<{ status: OrderStatus }>(
    `UPDATE orders SET customer_info = $3::jsonb, status = 'ready_checkout', updated_at = now()
     WHERE order_token = $1 AND site_code = $2
       AND status IN ('holding', 'ready_checkout') AND expires_at > now()
     RETURNING status`,
    [token, siteCode, JSON.stringify(customerInfo)],
  );
  if (updated.rowCount === 0) throw await refusalFor(db, siteCode, token);
  return { order_token: token, status: updated.rows[0]!.status, customer_info: customerInfo };
}
