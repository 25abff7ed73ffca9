import { sql } from 'drizzle-orm';
import type {
  CheckoutBody,
  CheckoutResponse,
  CreateOrderBody,
  KioskSessionResponse,
  LangCode,
  PaymentMethodItem,
  SiteCode,
  UpdateOrderBody,
  UpdateOrderResponse,
} from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { checkout, type CheckoutDeps } from '../checkout/checkout.ts';
import { findOrder } from '../orders/order-lock.ts';
import { updateCustomerInfo } from '../orders/update-customer-info.ts';
import { createOrder, type CreateOrderDeps } from '../stock/create-order.ts';
import type { HeldOrder } from '../stock/hold-types.ts';
import { kioskOf, requireKiosk } from './kiosk-devices.ts';

/**
 * The visitor API's channels (ADR 080): `web` for everyone, `kiosk` only from a paired, unrevoked kiosk
 * (its device cookie), `pos` never (the box office sells from the console, box-office-sale.ts) nor any
 * other channel. Without a device cookie a kiosk order is `invalid channel`; with one that no longer
 * names a kiosk (revoked, paired again elsewhere) it is `kiosk not authorised`, so the tablet says so.
 */
async function visitorChannel(
  db: Db,
  site: SiteCode,
  requested: CreateOrderBody['channel'],
  deviceKey: string | undefined,
): Promise<'web' | 'kiosk'> {
  if (requested === undefined || requested === 'web') return 'web';
  if (requested !== 'kiosk' || !deviceKey) throw new AppError('invalid_channel');
  if (!(await kioskOf(db, site, deviceKey))) throw new AppError('kiosk_not_authorised');
  return 'kiosk';
}

/** POST /orders: the hold on the visitor's channel (the web's or the kiosk's). */
export async function createVisitorOrder(
  deps: CreateOrderDeps,
  db: Db,
  client: { code: SiteCode; clientKey: string | null; addressKey?: string | null },
  body: CreateOrderBody,
  deviceKey: string | undefined,
): Promise<HeldOrder> {
  const channel = await visitorChannel(db, client.code, body.channel, deviceKey);
  // A kiosk serves one visitor after another from one address: the per-client caps (and the address's
  // ceiling, ADR 094) would stop the queue.
  if (channel === 'kiosk') return createOrder(deps, { code: client.code, channel, clientKey: null }, body);
  return createOrder(deps, { ...client, channel }, body);
}

/**
 * PUT /orders/{id}: the web's form, or on a kiosk (its cookie names one) the kiosk's, which asks nothing
 * (no mail step) and moves the order on to payment.
 */
export async function updateVisitorOrderForm(
  db: Db,
  site: SiteCode,
  token: string,
  body: UpdateOrderBody,
  deviceKey: string | undefined,
): Promise<UpdateOrderResponse> {
  const kiosk = deviceKey ? await kioskOf(db, site, deviceKey) : null;
  return updateCustomerInfo(db, site, token, body, kiosk ? 'kiosk' : 'web');
}

/**
 * POST /orders/checkout/{id}: the visitor's checkout, which pays a kiosk's order only from a paired,
 * unrevoked kiosk of the site (`kiosk not authorised` otherwise, the order left to pay), as its hold and
 * form were; a counter's order never (`invalid channel`: the box office pays it from the console). The
 * channel is read before checkout locks the order; it never changes, so the lock need not cover it.
 */
export async function checkoutVisitorOrder(
  deps: CheckoutDeps,
  site: SiteCode,
  token: string,
  body: CheckoutBody,
  deviceKey: string | undefined,
): Promise<CheckoutResponse> {
  // An order's channel never changes: one read without a lock (a locking transaction for it cost a checkout
  // in a rush three round trips, each waiting for a busy event-loop turn).
  const order = await findOrder(deps.db, site, token);
  if (order?.channel === 'pos') throw new AppError('invalid_channel');
  if (order?.channel === 'kiosk') await requireKiosk(deps.db, site, deviceKey);
  return checkout(deps, site, token, body);
}

/** GET /kiosk/session: whether this browser is a kiosk of the site, and the kiosk's payment methods. */
export async function kioskSession(
  db: Db,
  site: SiteCode,
  deviceKey: string | undefined,
  lang: LangCode,
): Promise<KioskSessionResponse> {
  const kiosk = await kioskOf(db, site, deviceKey);
  if (!kiosk) return { kiosk: false };
  const { rows } = await db.execute<PaymentMethodItem>(sql`
    SELECT m.method AS payment_method_type,
           coalesce(t.names ->> ${lang}, t.names ->> 'ja', m.method) AS name,
           m.position AS display_position
    FROM payment_methods m LEFT JOIN payment_method_types t ON t.method = m.method
    WHERE m.site_code = ${site} AND m.channel = 'kiosk' AND m.enabled
    ORDER BY m.position, m.method`);
  return { kiosk: true, device_name: kiosk.name, payment_methods: rows };
}
