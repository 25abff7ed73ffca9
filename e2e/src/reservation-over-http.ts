import pg from 'pg';
import {
  API_PATH,
  ROUTES,
  SIMULATOR_TEST_CARDS,
  fillPath,
  siteSlug,
  type LangCode,
  type Product,
  type SiteCode,
  type Slot,
} from '@kippu/contract';
import type { FieldTemplate } from '@kippu/contract/endpoints/field-templates';
import type { PaymentMethodItem } from '@kippu/contract/endpoints/payment-methods';
import type { CheckoutResponse } from '@kippu/contract/endpoints/checkout';
import type { CreateOrderResponse } from '@kippu/contract/endpoints/orders';
import { GMO_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';

/**
 * A paid reservation made over HTTP, the calls the web app makes for a visitor (ADR 053): for journeys whose
 * subject comes after the purchase (the ticket page, receipt, change of date, gate, newsletter release), so
 * they spend their time on their own screens, not on the purchase screens the purchase journeys check.
 *
 * The steps are the visitor's: hold (POST /orders), the order form (PUT /orders/{token}, the site's displayed
 * fields), the confirmation mail (POST /ordermails/{token}) and its link (GET /ordermails/{mailToken}, the
 * token read from the database as the mail page would show it), the simulator's card token for the site's
 * card method, checkout. The server sends the purchase mail as for any purchase. `prepareOrderForPayment`
 * stops before the link is followed, for journeys whose subject is the payment screen.
 */

export interface ReservationRequest {
  site: SiteCode;
  lang: LangCode;
  /** The visit's day, yyyy-MM-dd (Tokyo). */
  date: string;
  tickets: number;
  /** The product, by its name in `lang` (default: the first product with a slot that day). */
  product?: RegExp;
  email?: string;
  fullName?: string;
  /** Ticks the site's newsletter box (the purchase mail then carries an unsubscribe link). */
  mailMagazine?: boolean;
  /** A coupon code the visitor applies on the confirm screen before paying (reserveAsVisitor only). */
  coupon?: string;
}

export interface PreparedReservation {
  reservationToken: string;
  reservationNumber: string;
  orderToken: string;
  email: string;
  /** The ticket page in `lang`: `/{slug}/?lang={lang}#/id/{reservationToken}`. */
  ticketPath: string;
}

/** An order held and filled in over HTTP, its confirmation mail sent: the visitor's next step is the link. */
export interface PreparedOrder {
  orderToken: string;
  email: string;
  /** What the visitor pays (0: a free order). */
  price: number;
  /**
   * The mailed confirmation link, as the server builds it (`/{slug}/?lang={lang}#/mail-confirm?token=`): the
   * SPA follows it, keeps the order and lands on payment. Null on a site that confirms no mail (the order is
   * ready to pay as soon as its form is filled in).
   */
  mailLinkPath: string | null;
  /** The mail token of that link (null with it). */
  mailToken: string | null;
}

/** The server a visitor's calls go to, and its database (where the mail page reads a mail's token). */
export interface VisitorServer {
  baseUrl: string;
  databaseUrl: string;
}

const XSRF = 'e2e-prepare-xsrf';

/** The API call `name`'s path under `site`'s API mount, its parameters filled in. */
function apiPath(
  site: SiteCode,
  name: keyof typeof ROUTES,
  params: Readonly<Record<string, string>> = {},
  query: Readonly<Record<string, string>> = {},
): string {
  const search = new URLSearchParams(query).toString();
  return `/${siteSlug(site)}${API_PATH}${fillPath(ROUTES[name].path, params)}${search ? `?${search}` : ''}`;
}

/** A visitor: the server and the client address (X-Forwarded-For) its calls come from. */
export interface Visitor {
  server: VisitorServer;
  address: string;
}

async function call<T>(visitor: Visitor, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${visitor.server.baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      // One visitor per reservation, as each browser context is one (fixtures.ts).
      'x-forwarded-for': visitor.address,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300)
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 400)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function mailToken(server: VisitorServer, orderToken: string): Promise<string> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ token: string }>(
      `SELECT m.token FROM mail_tokens m JOIN orders o ON o.id = m.order_id
       WHERE o.order_token = $1 ORDER BY m.created_at DESC LIMIT 1`,
      [orderToken],
    );
    if (!rows[0]) throw new Error(`No confirmation mail for order ${orderToken}`);
    return rows[0].token;
  } finally {
    await client.end();
  }
}

/** The value a visitor types into each displayed field of the site's order form. */
function fieldValue(
  field: FieldTemplate['field_name'],
  request: Required<Pick<ReservationRequest, 'email' | 'fullName'>>,
) {
  switch (field) {
    case 'email':
      return request.email;
    case 'fullname':
      return request.fullName;
    case 'phone':
      return '090-1234-5678';
    case 'address':
      return '1-1 Chiyoda';
    default:
      return undefined;
  }
}

/** Checks out by card: the site's GMO method, the simulator's Visa card (no 3-D Secure challenge). */
async function payByCard(
  visitor: Visitor,
  site: SiteCode,
  lang: LangCode,
  orderToken: string,
): Promise<CheckoutResponse> {
  const methods = await call<PaymentMethodItem[]>(
    visitor,
    'GET',
    apiPath(site, 'paymentMethods', {}, { lang }),
  );
  const card = methods.find((m) => m.payment_method_type === 'gmo_3ds' || m.payment_method_type === 'gmo');
  if (!card?.shop_id) throw new Error(`${site} offers no GMO card method`);
  const number = SIMULATOR_TEST_CARDS.visa;
  // What the simulator's token script does in the browser with the card typed in.
  const tokenAnswer = await call<{ tokenObject: { token: string[] } }>(
    visitor,
    'POST',
    GMO_SIMULATOR_PATHS.tokenApi,
    {
      shopId: card.shop_id,
      cardno: number,
      expire: '3012',
      securitycode: '123',
      holdername: 'HANAKO YAMADA',
    },
  );
  return call<CheckoutResponse>(visitor, 'POST', apiPath(site, 'checkout', { id: orderToken }), {
    payment_method_type: card.payment_method_type,
    token: tokenAnswer.tokenObject.token[0],
    masked_card_number: `${number.slice(0, 6)}******${number.slice(-4)}`,
  });
}

/**
 * The visitor's steps up to the confirmation mail: holds `tickets` of the first ticket type on the first slot
 * of `date` with room for them, fills in the site's order form and has the confirmation mail sent.
 */
export async function holdAndSendMail(visitor: Visitor, request: ReservationRequest): Promise<PreparedOrder> {
  const { site, lang, date, tickets } = request;
  const email = request.email ?? `prepared-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const fullName = request.fullName ?? 'Hanako Yamada';

  const findSlot = async (): Promise<{ product: Product; slot: Slot } | undefined> => {
    const products = await call<Product[]>(visitor, 'GET', apiPath(site, 'products', {}, { lang }));
    for (const product of products.filter((p) => !request.product || request.product.test(p.name))) {
      const slots = await call<Slot[]>(
        visitor,
        'GET',
        apiPath(site, 'stocks', {}, { date, product_id: product.uuid, lang }),
      );
      const slot = slots.find(
        (s) => s.remaining >= tickets && (s.status === 'available' || s.status === 'few'),
      );
      if (slot) return { product, slot };
    }
    return undefined;
  };
  // Availability answers may be a second old (the answer cache, ADR 033): a product the journey has just
  // written can be missing from a list another journey asked for a moment before, so look again for a while.
  let chosen = await findSlot();
  for (let tries = 0; !chosen && tries < 20; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    chosen = await findSlot();
  }
  if (!chosen)
    throw new Error(`No ${request.product ?? 'product'} with ${tickets} tickets left on ${site} ${date}`);
  const optionValue = chosen.product.option_values[0]!;
  const { order_token: orderToken, price } = await call<CreateOrderResponse>(
    visitor,
    'POST',
    apiPath(site, 'createOrder'),
    {
      lang,
      product_uuid: chosen.product.uuid,
      time_span_id: chosen.slot.id,
      quantity: tickets,
      option_values: [{ option_value_id: optionValue.id, quantity: tickets }],
      set_products: [],
    },
  );

  const fields = await call<FieldTemplate[]>(visitor, 'GET', apiPath(site, 'fieldTemplates', {}, { lang }));
  const customerInfo: { key: string; value: string }[] = [];
  for (const field of fields.filter((f) => f.is_display)) {
    const value = fieldValue(field.field_name, { email, fullName });
    if (value !== undefined) customerInfo.push({ key: field.field_name, value });
  }
  if (request.mailMagazine) customerInfo.push({ key: 'mail_magazine', value: 'true' });
  const updated = await call<{ status: string }>(
    visitor,
    'PUT',
    apiPath(site, 'updateOrder', { id: orderToken }),
    {
      customer_info: customerInfo,
    },
  );
  if (updated.status === 'ready_checkout')
    return { orderToken, email, price, mailToken: null, mailLinkPath: null };
  await call(visitor, 'POST', apiPath(site, 'sendOrderMail', { id: orderToken }), { lang });
  const token = await mailToken(visitor.server, orderToken);
  return {
    orderToken,
    email,
    price,
    mailToken: token,
    // The link the confirmation mail carries (apps/server/src/domain/links.ts), from this server's origin.
    mailLinkPath: `/${siteSlug(site)}/?lang=${lang}#/mail-confirm?token=${encodeURIComponent(token)}`,
  };
}

/**
 * Makes a paid reservation for `tickets` of the first ticket type, on the first slot of `date` with room for
 * them, paid by the simulator's Visa card (or free when the tickets cost nothing), and answers where its
 * ticket page is.
 * Fails with the server's answer when a step is refused (a closed day, no card method on the site).
 */
export async function reserveAsVisitor(
  visitor: Visitor,
  request: ReservationRequest,
): Promise<PreparedReservation> {
  const { site, lang } = request;
  const order = await holdAndSendMail(visitor, request);
  const { orderToken } = order;
  if (order.mailToken) await call(visitor, 'GET', apiPath(site, 'confirmOrderMail', { id: order.mailToken }));
  // The confirm screen's coupon field (POST /ordercoupons/{order token}); checkout then charges the rest.
  const discount = request.coupon
    ? (
        await call<{ coupon_discount: number }>(
          visitor,
          'POST',
          apiPath(site, 'applyOrderCoupon', { id: orderToken }),
          { coupon_code: request.coupon },
        )
      ).coupon_discount
    : 0;

  const checkout =
    order.price - discount <= 0
      ? // Nothing to pay: the payment screen's submit checks out as a free order.
        await call<CheckoutResponse>(visitor, 'POST', apiPath(site, 'checkout', { id: orderToken }), {
          payment_method_type: 'free',
        })
      : await payByCard(visitor, site, lang, orderToken);
  if (checkout.status !== 'reserved')
    throw new Error(`Checkout of ${orderToken} answered ${checkout.status}`);
  return {
    reservationToken: checkout.reservation_token,
    reservationNumber: checkout.reservation_number,
    orderToken,
    email: order.email,
    ticketPath: `/${siteSlug(site)}/?lang=${lang}#/id/${checkout.reservation_token}`,
  };
}
