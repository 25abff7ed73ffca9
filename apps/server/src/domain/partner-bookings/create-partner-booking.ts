import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PartnerBooking, PartnerBookingBody } from '@kippu/contract/partner/partner-schemas';
import type { Env } from '../../config/env.ts';
import type { WalletEnv } from '../../config/wallet-certificates.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { CheckoutDeps } from '../checkout/checkout.ts';
import { payOrderOnAccount } from '../checkout/pay-on-account.ts';
import { cancelOrder } from '../order-release/cancel-order.ts';
import { orderById, transitionOrders } from '../orders/order-state.ts';
import { openAllotmentFor, takeFromAllotment } from '../partners/allotments-booking.ts';
import type { CreateOrderDeps } from '../stock/create-order.ts';
import type { HeldOrder, HoldRequest } from '../stock/hold-types.ts';
import { NO_CLIENT_CAPS } from '../stock/hold-types.ts';
import type { PartnerCaller } from './partner-caller.ts';
import { partnerProduct } from './partner-catalogue.ts';
import { partnerBooking } from './partner-booking-read.ts';

/**
 * A partner's booking (issue 30, ADR 090), through the web's order path and nothing else: the seats from the
 * partner's allotment on the slot when it has one holding seats (allotted → held, ADR 089), else from general
 * sale through THE hold (channel OTA) when the product is sold on OTA; the order priced at the partner's net
 * prices and paid `on_account` (payOrderOnAccount, the box office's checkout for partners), which settles it as every order (held → sold, reservation,
 * tickets, audit `order paid` so webhooks fire, and the purchase mail when the order has an address: given
 * only when the partner lets Kippu mail its customers).
 */
export interface PartnerBookingDeps {
  orders: CreateOrderDeps;
  checkout: CheckoutDeps;
  env: Pick<Env, 'APP_SECRET'> & WalletEnv;
}

/** The body's fingerprint: the same key with another body is refused, never answered with the first. */
function requestHash(body: PartnerBookingBody): string {
  const canonical = {
    ...body,
    lines: [...body.lines].sort((a, b) => a.ticket_type_id - b.ticket_type_id),
    reference: body.reference ?? null,
    customer: { name: body.customer.name, email: body.customer.email ?? null },
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

type ExistingBooking = { request_hash: string; order_token: string; site_code: string };

async function bookingByKey(
  tx: Tx | Db,
  partnerId: number,
  key: string,
): Promise<ExistingBooking | undefined> {
  const { rows } = await tx.execute<ExistingBooking>(sql`
    SELECT b.request_hash, o.order_token, o.site_code
    FROM partner_bookings b JOIN orders o ON o.id = b.order_id
    WHERE b.partner_id = ${partnerId} AND b.idempotency_key = ${key}`);
  return rows[0];
}

async function partnerOf(db: Db, caller: PartnerCaller): Promise<{ mailsCustomers: boolean }> {
  const { rows } = await db.execute<{ mails_customers: boolean }>(sql`
    SELECT mails_customers FROM partners
    WHERE id = ${caller.partnerId} AND organisation_id = ${caller.organisationId} AND active`);
  if (!rows[0]) throw new AppError('record_not_found');
  return { mailsCustomers: rows[0].mails_customers };
}

/** The hold request at the partner's net prices (every line a ticket type it has a net price for). */
async function holdRequestOf(
  deps: PartnerBookingDeps,
  caller: PartnerCaller,
  body: PartnerBookingBody,
): Promise<HoldRequest> {
  const product = await partnerProduct(deps.checkout.db, caller, body.product_id);
  const ids = body.lines.map((line) => line.ticket_type_id);
  const { rows } = await deps.checkout.db.execute<{ id: number; net_price_yen: number }>(sql`
    SELECT ov.id, n.net_price_yen FROM option_values ov
    JOIN partner_net_prices n ON n.ticket_type_id = ov.id AND n.partner_id = ${caller.partnerId}
    WHERE ov.product_id = ${product.id} AND ov.id = ANY(${sql.param(ids)}::int[])`);
  const net = new Map(rows.map((row) => [Number(row.id), Number(row.net_price_yen)]));
  const lines = body.lines.map((line) => {
    const unitPrice = net.get(line.ticket_type_id);
    if (unitPrice === undefined) throw new AppError('option_value_not_found');
    return { optionValueId: line.ticket_type_id, quantity: line.quantity, unitPrice };
  });
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (quantity < product.minQuantity || quantity > product.maxQuantity) {
    throw new AppError('invalid_request', `from ${product.minQuantity} to ${product.maxQuantity} tickets`);
  }
  return {
    siteCode: product.siteCode,
    channel: 'OTA',
    lang: body.lang,
    productId: product.id,
    timeSpanId: body.slot_id,
    quantity,
    price: lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0),
    holdMinutes: deps.orders.defaultHoldMinutes,
    lines,
    setProducts: [],
    // A partner's server books for many customers: no per-client hold caps.
    ...NO_CLIENT_CAPS,
  };
}

interface Held {
  order: HeldOrder;
  allotmentId: number | null;
}

/**
 * One transaction on one connection: the key (a transaction lock on partner + key, so a concurrent request
 * with the same key waits and then finds this booking), the seats (from the allotment in this very
 * transaction; from general sale through the hold batcher, committed on its own and cancelled below if this
 * transaction fails), the order made the partner's and ready for checkout, and the key's row.
 */
async function holdBooking(
  deps: PartnerBookingDeps,
  caller: PartnerCaller,
  key: string,
  hash: string,
  body: PartnerBookingBody,
  request: HoldRequest,
  mailsCustomers: boolean,
): Promise<{ existing: ExistingBooking } | { held: Held }> {
  const { db } = deps.checkout;
  const client = await db.$client.connect();
  let generalHold: HeldOrder | undefined;
  try {
    const session = drizzle(client);
    return await session.transaction(async (txSession) => {
      const tx = txSession as unknown as Tx;
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`partner-booking:${caller.partnerId}:${key}`}, 0))`,
      );
      const existing = await bookingByKey(tx, caller.partnerId, key);
      if (existing) {
        if (existing.request_hash !== hash) throw new AppError('idempotency_key_reused');
        return { existing };
      }
      // The slot must be the booked product's (the product is the one checked against the token's sites):
      // the allotment path writes its order straight from the request, so a slot of another product, maybe
      // at another site, would be sold at this product's prices. Answered as an unknown slot.
      const { rows: ofProduct } = await tx.execute(sql`
        SELECT 1 FROM time_spans WHERE id = ${body.slot_id} AND product_id = ${request.productId}`);
      if (ofProduct.length === 0) throw new AppError('record_not_found');
      const allotment = await openAllotmentFor(tx, caller.partnerId, body.slot_id);
      let order: HeldOrder;
      if (allotment) {
        order = await takeFromAllotment(tx, client, allotment.id, request);
      } else {
        const product = await partnerProduct(db, caller, body.product_id);
        if (!product.saleChannels.includes('OTA')) throw new AppError('out_of_stock');
        generalHold = await deps.orders.stock.hold(request);
        order = generalHold;
      }
      const email = mailsCustomers ? (body.customer.email ?? null) : null;
      const customerInfo = [
        { key: 'fullname', value: body.customer.name },
        ...(email ? [{ key: 'email', value: email }] : []),
      ];
      const { rows } = await tx.execute<{ id: number }>(sql`
        UPDATE orders SET partner_id = ${caller.partnerId}, customer_info = ${JSON.stringify(customerInfo)}::jsonb,
                          updated_at = now()
        WHERE order_token = ${order.orderToken} AND status = 'holding' RETURNING id`);
      const orderId = Number(rows[0]!.id);
      await transitionOrders(tx, {
        orders: orderById(orderId),
        to: 'ready_checkout',
        reason: 'customer_info',
      });
      await tx.execute(sql`
        INSERT INTO partner_bookings (partner_id, idempotency_key, request_hash, order_id, allotment_id,
                                      customer_name, customer_email, reference)
        VALUES (${caller.partnerId}, ${key}, ${hash}, ${orderId}, ${allotment?.id ?? null},
                ${body.customer.name}, ${body.customer.email ?? null}, ${body.reference ?? null})`);
      return { held: { order, allotmentId: allotment?.id ?? null } };
    });
  } catch (error) {
    // The general hold committed on its own: its seats go back at once rather than at its expiry.
    if (generalHold) await cancelOrder(db, request.siteCode, generalHold.orderToken).catch(() => false);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * POST /partner/api/v1/bookings. The same key and body answer the same booking (a retry after a lost answer,
 * or two at once); the same key with another body: 422 `idempotency key reused`. Checkout is idempotent
 * itself, so a retry after a crash between the hold and the payment completes the first booking.
 */
export async function createPartnerBooking(
  deps: PartnerBookingDeps,
  caller: PartnerCaller,
  key: string,
  body: PartnerBookingBody,
): Promise<PartnerBooking> {
  const { db } = deps.checkout;
  const hash = requestHash(body);
  const known = await bookingByKey(db, caller.partnerId, key);
  if (known && known.request_hash !== hash) throw new AppError('idempotency_key_reused');
  const { mailsCustomers } = await partnerOf(db, caller);
  const request = known ? undefined : await holdRequestOf(deps, caller, body);
  const outcome = known
    ? { existing: known }
    : await holdBooking(deps, caller, key, hash, body, request!, mailsCustomers);
  const site = 'existing' in outcome ? outcome.existing.site_code : request!.siteCode;
  const orderToken = 'existing' in outcome ? outcome.existing.order_token : outcome.held.order.orderToken;
  const paid = await payOrderOnAccount(deps.checkout, site, orderToken, caller.partnerId).catch(
    async (error: unknown) => {
      if ('held' in outcome) await giveUp(db, site, orderToken);
      throw error;
    },
  );
  if (paid.status !== 'reserved') throw new AppError('payment_api_failure', 'on account cannot redirect');
  return partnerBooking(db, caller, paid.reservation_number);
}

/**
 * Checkout refused the new booking's order before it became a reservation (it declines nothing a partner
 * booked, so this is a fault): the order is cancelled; its release (order-release/release-holds.ts) forgets
 * the key so the partner may try again and gives seats from an allotment back to it.
 */
async function giveUp(db: Db, site: string, orderToken: string): Promise<void> {
  // The cancel's release gives the seats back to the allotment and forgets the key (releaseHolds).
  await cancelOrder(db, site, orderToken).catch(() => false);
}
