import { sql } from 'drizzle-orm';
import type { OrderStatus, SalesChannel, UpdateOrderBody, UpdateOrderResponse } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { readSiteSettings } from '../sites/site-settings.ts';
import { acceptedCustomerInfo, selectOptionsOf, type FieldRule } from './customer-info-rules.ts';
import { isOpenStatus, isTimedOut, orderById, transitionOrders } from './order-state.ts';
import { lockOrder, requireKind } from './order-lock.ts';
import { spotFieldRules } from './spot-field-rules.ts';

/**
 * The channels whose orders have a form: the web's (the site's field templates), spot's (ADR 031), the
 * box office's and the kiosk's (ADR 080).
 */
type OrderChannel = Extract<SalesChannel, 'web' | 'spot' | 'pos' | 'kiosk'>;

/**
 * The order the form is for, row-locked, or why it cannot take a form: unknown (`record not found`), the
 * other channel's (`invalid channel`), timed out (`session timeout`) or no longer open (`record not
 * found`). Checked before the form is, so a wrong token says so whatever the form holds.
 */
async function lockOrderForForm(
  tx: Tx,
  siteCode: string,
  token: string,
  channel: OrderChannel,
): Promise<{ id: number; status: OrderStatus }> {
  const order = await lockOrder(tx, siteCode, token);
  if (!order) throw new AppError('record_not_found');
  if (order.channel !== channel) throw new AppError('invalid_channel');
  if (isTimedOut(order.status, order.lapsed)) throw new AppError('session_timeout');
  if (!isOpenStatus(order.status)) throw new AppError('record_not_found');
  // A change of date has no order form (spec: order, payment, confirm): its order carries the purchase's
  // holder, and this would rewrite the purchase's details unconfirmed and move the order on.
  requireKind(order, { kinds: [channel], changeRefusal: 'record_not_found' });
  return { id: order.id, status: order.status };
}

/** The form's address (a list of key/value pairs), lower-cased as the mail link compares it. */
function emailOf(customerInfo: { key: string; value: string | boolean }[]): string | null {
  const value = customerInfo.find((item) => item.key === 'email')?.value;
  return typeof value === 'string' ? value.toLowerCase() : null;
}

/**
 * The box office's form (ADR 080): staff may type the visitor's name and, to mail the tickets, an address;
 * neither is required (a walk-in pays and goes in). The kiosk asks nothing: it has no mail step, the
 * visitor takes the tickets from its screen or printer.
 */
const FIXED_FIELDS: Partial<Record<OrderChannel, FieldRule[]>> = {
  pos: [
    { fieldName: 'email', fieldType: 'text', isDisplay: true, isRequire: false },
    { fieldName: 'fullname', fieldType: 'text', isDisplay: true, isRequire: false },
  ],
  kiosk: [],
};

/**
 * PUT /orders/{id}: stores the order-form contents filtered by the site's field templates and moves a
 * holding order to ready_checkout, except on a site with isMailConfirm: there the order stays holding until
 * the visitor follows the mailed link (GET /ordermails/{mailToken}, ADR 020). Only an open, unexpired order
 * of the route's channel changes, under its row lock. A change of date's order is not the form's (`record
 * not found`): it keeps the holder's details copied from the purchase (ADR 029, 040).
 */
export async function updateCustomerInfo(
  db: Db,
  siteCode: string,
  token: string,
  body: UpdateOrderBody,
  /**
   * The route's channel: PUT /orders/{id} changes only a web order, PUT /spot/orders/{id} only a spot order,
   * with the spot form and no mail confirmation (`invalid channel` for the other's order).
   */
  channel: OrderChannel,
): Promise<UpdateOrderResponse> {
  const fixed = FIXED_FIELDS[channel];
  const siteTemplates = fixed
    ? fixed
    : (
        await db.$client.query<FieldRule>(
          `SELECT field_name AS "fieldName", field_type AS "fieldType", is_display AS "isDisplay",
                    is_require AS "isRequire"
             FROM field_templates WHERE site_code = $1 ORDER BY position, field_name`,
          [siteCode],
        )
      ).rows;
  // A spot purchase asks the site's fields a visitor at the venue is asked (ADR 109).
  const templates = channel === 'spot' ? spotFieldRules(siteTemplates) : siteTemplates;
  const settings = await readSiteSettings(db, siteCode);
  if (!settings) throw new AppError('record_not_found');
  const confirmsByMail = settings.isMailConfirm && channel === 'web';
  return db.transaction(async (tx) => {
    const order = await lockOrderForForm(tx, siteCode, token, channel);
    const customerInfo = acceptedCustomerInfo(templates, body.customer_info, selectOptionsOf(settings));
    const { rows } = await tx.execute<{ email_before: string | null }>(sql`
      WITH before AS (SELECT customer_info FROM orders WHERE id = ${order.id})
      UPDATE orders SET customer_info = ${JSON.stringify(customerInfo)}::jsonb, updated_at = now()
      WHERE id = ${order.id}
      RETURNING (SELECT lower(entry->>'value') FROM before, jsonb_array_elements(before.customer_info) entry
                  WHERE entry->>'key' = 'email' LIMIT 1) AS email_before`);
    let status = order.status;
    // A confirmed address replaced by another is not confirmed: the order waits for the new address's link
    // (the old link no longer confirms it either: confirm-mail-token.ts), or checkout would take an address
    // nobody confirmed.
    if (confirmsByMail && status === 'ready_checkout' && emailOf(customerInfo) !== rows[0]?.email_before) {
      await transitionOrders(tx, { orders: orderById(order.id), to: 'holding', reason: 'email_changed' });
      status = 'holding';
    }
    if (status === 'holding' && !confirmsByMail) {
      await transitionOrders(tx, {
        orders: orderById(order.id),
        to: 'ready_checkout',
        reason: 'customer_info',
      });
      status = 'ready_checkout';
    }
    return { order_token: token, status, customer_info: customerInfo };
  });
}
