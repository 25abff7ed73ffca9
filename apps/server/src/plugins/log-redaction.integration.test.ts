import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSOLE_API_PATH,
  checkInAnswerSchema,
  checkoutResponseSchema,
  confirmOrderMailResponseSchema,
  createOrderResponseSchema,
  createTimeChangeResponseSchema,
  gateSessionResponseSchema,
  reservationLookupResponseSchema,
  secretValuesIn,
  sendOrderMailResponseSchema,
  temporaryOrderSchema,
  ticketResponseSchema,
  ticketShareOptionsResponseSchema,
  ticketShareResponseSchema,
  timeChangeOptionsResponseSchema,
  timeChangeResponseSchema,
  updateOrderResponseSchema,
} from '@kippu/contract';
import type { z } from 'zod';
import { cardToken, payWithCard, readyOrder } from '../../test/checkout-support.ts';
import { createProduct, createTimeSpan } from '../../test/factories.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../test/helper.ts';
import { SITE_PATH } from '../../test/order-support.ts';
import { buildApp, type App } from '../app.ts';
import { createGateKey } from '../domain/check-ins/gate-keys.ts';
import { REDACTED } from './log-redaction.ts';

/**
 * Tokens never reach the logs (issue 24, ADR 049): a whole visitor's journey through an app whose log is
 * captured at `info` (what production runs at), then every token the journey saw, from the answers and the
 * mails, is looked for in that log.
 */
const ctx = setupTestApp({ LOG_LEVEL: 'info', PUBLIC_URL: 'https://tickets.example/' });
const EMAIL = 'hanako@example.jp';

let app: App;
const lines: string[] = [];
const stream = new PassThrough();
stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
const logText = () => lines.join('\n');

beforeAll(async () => {
  app = await buildApp({ env: ctx.env, db: ctx.db, webDistDir: '/nonexistent/', logStream: stream });
  await app.ready();
});
afterAll(() => app?.close());

/** Every value the journey must not find in the log. */
const seen = new Set<string>();

/** Answers' secrets: the contract's marked fields, and, in case a field was left unmarked, any *token* or qr. */
function collect(schema: z.ZodType | undefined, body: unknown) {
  if (schema) for (const value of secretValuesIn(schema, body)) seen.add(value);
  const walk = (value: unknown, key = '') => {
    if (typeof value === 'string' && /token|^qr$|payment_number/.test(key) && value.length >= 6)
      seen.add(value);
    else if (Array.isArray(value)) value.forEach((item) => walk(item, key));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(body);
}

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { payload?: object; schema?: z.ZodType; headers?: Record<string, string>; status?: number } = {},
) {
  const res = await app.inject({
    method,
    url: `${SITE_PATH}${url}`,
    headers: { ...(method === 'GET' ? {} : xsrfHeaders()), ...options.headers },
    remoteAddress: visitorAddress(),
    ...(options.payload ? { payload: options.payload } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(
    options.status ?? (method === 'POST' ? 201 : 200),
  );
  const json = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : undefined;
  collect(options.schema, json);
  return json;
}

/** Tokens in the links of every mail the journey queued (confirmation, purchase, ticket link, change). */
async function collectMailTokens() {
  const { rows } = await ctx.db.execute<{ payload: unknown }>(sql`SELECT payload FROM mail_outbox`);
  const text = JSON.stringify(rows.map((row) => row.payload));
  for (const match of text.matchAll(/(?:token=|\/id\/|\/shared\/|\/mail-release\/)([\w-]{16,})/g)) {
    seen.add(match[1]!);
  }
}

async function changeableSlots() {
  const product = await createProduct(ctx.db, { site: 'DEMO', prices: [2000] });
  await ctx.db.execute(sql`
    UPDATE products SET date_changeable = true, date_change_until_minutes = 60, date_change_group = 'logs'
    WHERE id = ${product.id}`);
  const day = 24 * 3600 * 1000;
  const first = await createTimeSpan(ctx.db, { productId: product.id, capacity: 20 });
  const second = await createTimeSpan(ctx.db, {
    productId: product.id,
    capacity: 20,
    startsAt: new Date(Date.now() + 4 * day),
  });
  return { product, first, second };
}

describe('a journey leaves no token in the log', () => {
  it('orders, confirms the mail, pays, shares, sends, changes the date, takes a receipt and enters', async () => {
    const { product, first, second } = await changeableSlots();
    const order = (await call('POST', '/orders', {
      schema: createOrderResponseSchema,
      payload: {
        lang: 'en',
        product_uuid: product.uuid,
        time_span_id: first,
        quantity: 2,
        option_values: [{ option_value_id: product.optionValueIds[0], quantity: 2 }],
      },
    })) as { order_token: string };
    const orderToken = order.order_token;
    await call('PUT', `/orders/${orderToken}`, {
      schema: updateOrderResponseSchema,
      payload: {
        customer_info: [
          { key: 'fullname', value: 'Hanako Yamada' },
          { key: 'email', value: EMAIL },
        ],
      },
    });
    await call('GET', `/orders/${orderToken}?lang=en`, { schema: temporaryOrderSchema });
    await call('POST', `/ordermails/${orderToken}`, {
      schema: sendOrderMailResponseSchema,
      payload: { lang: 'en' },
    });
    await collectMailTokens();
    const mailToken = [...seen].find((t) => t !== orderToken)!;
    expect(mailToken).toMatch(/^[\w-]{22}$/);
    await call('GET', `/ordermails/${mailToken}`, { schema: confirmOrderMailResponseSchema });

    const card = await cardToken(app, '4111111111111111');
    seen.add(card);
    const paid = (await call('POST', `/orders/checkout/${orderToken}`, {
      schema: checkoutResponseSchema,
      status: 200,
      payload: { payment_method_type: 'gmo', token: card, masked_card_number: '411111******1111' },
    })) as { reservation_token: string; reservation_number: string };
    const reservation = paid.reservation_token;
    expect(reservation).toBeTruthy();

    await call('GET', `/tickets/${reservation}?lang=en`, { schema: ticketResponseSchema });
    await call('GET', `/gtm/${reservation}`);
    await call('GET', `/reservations/${reservation}/calendar.ics?lang=en`);
    await call(
      'GET',
      `/reservations?email=${encodeURIComponent(EMAIL)}&reservation_number=${paid.reservation_number}`,
      { schema: reservationLookupResponseSchema },
    );

    const shareOptions = (await call('GET', `/tickets/share/${reservation}?lang=en`, {
      schema: ticketShareOptionsResponseSchema,
    })) as { ticket_types: { option_value_id: number }[] };
    const shared = (await call('POST', `/tickets/share/${reservation}`, {
      schema: ticketShareResponseSchema,
      payload: { tickets: [{ option_value_id: shareOptions.ticket_types[0]!.option_value_id, count: 1 }] },
    })) as { share_token: string };
    await call('GET', `/tickets/shared/${shared.share_token}?lang=en`, { schema: ticketResponseSchema });
    await call('POST', `/tickets/send/${reservation}`, {
      payload: { email: EMAIL, lang: 'en' },
      status: 202,
    });

    await call('GET', `/timechanges/${reservation}?lang=en`, { schema: timeChangeOptionsResponseSchema });
    const change = (await call('POST', `/timechanges/${reservation}`, {
      schema: createTimeChangeResponseSchema,
      payload: { time_span_id: second, lang: 'en' },
    })) as { timechange_token: string };
    await call('GET', `/timechanges/${reservation}/${change.timechange_token}?lang=en`, {
      schema: timeChangeResponseSchema,
    });
    await call('POST', `/timechanges/${reservation}/${change.timechange_token}/checkout`, {
      schema: checkoutResponseSchema,
      status: 200,
      payload: { payment_method_type: 'free' },
    });

    await call('GET', `/receipts/${reservation}?lang=en`);
    await call('POST', `/receipts/${reservation}?lang=en`, {
      payload: { addressee: 'Yamada Hanako' },
      status: 200,
    });
    await call('GET', `/receipts/${reservation}/pdf?lang=en`);

    const gate = await createGateKey(ctx.db, 'DEMO', 'Journey gate');
    seen.add(gate.key);
    const gateHeaders = { 'x-gate-key': gate.key };
    await call('GET', '/gate/session?lang=en', { schema: gateSessionResponseSchema, headers: gateHeaders });
    const page = (await call('GET', `/tickets/${reservation}?lang=en`, { schema: ticketResponseSchema })) as {
      tickets: { id: number; qr: string }[];
    };
    const ticket = page.tickets[0]!;
    await call('GET', `/check-ins/${reservation}/${ticket.id}?mode=gate&lang=en`, {
      schema: checkInAnswerSchema,
    });
    await call('POST', '/gate/check-ins', {
      schema: checkInAnswerSchema,
      headers: gateHeaders,
      status: 200,
      payload: { code: ticket.qr, mode: 'gate', nonce: `journey-nonce-${Date.now()}`, lang: 'en' },
    });
    await collectMailTokens();

    // The log is there and names the calls (so this test can fail), with the tokens replaced.
    const log = logText();
    expect(lines.length).toBeGreaterThan(40);
    expect(log).toContain('incoming request');
    expect(log).toContain(`/demo/api/v1/tickets/${REDACTED}?lang=en`);
    expect(log).toContain(`/demo/api/v1/ordermails/${REDACTED}`);
    expect(log).toContain(`/demo/api/v1/timechanges/${REDACTED}/${REDACTED}/checkout`);
    expect(log).toContain(`/demo/api/v1/check-ins/${REDACTED}/${ticket.id}?mode=gate&lang=en`);
    expect(log).toContain(`/demo/api/v1/reservations?email=${REDACTED}&reservation_number=${REDACTED}`);
    // Reservation, order, mail, share, change, payment, gate and QR secrets: at least one of each kind.
    expect(seen.size).toBeGreaterThanOrEqual(10);
    const leaked = [...seen].filter(
      (secret) => log.includes(secret) || log.includes(encodeURIComponent(secret)),
    );
    expect(leaked).toEqual([]);
  });

  it('an error on a call with a token in its URL logs neither the URL’s token nor the error’s copy of it', async () => {
    const { product, first } = await changeableSlots();
    const order = await readyOrder(app, ctx.db, { ...product, spanId: first }, 1);
    const paid = await payWithCard(app, order.token);
    const { reservation_token: reservation } = paid.json<{ reservation_token: string }>();
    // A broken outbox: the failing row, whose ticket link carries the reservation token, is quoted in the
    // database error's detail; the URL carries it too.
    await ctx.db.execute(sql`
      ALTER TABLE mail_outbox ADD CONSTRAINT logs_test_refuses CHECK (to_address <> 'refused@example.jp') NOT VALID`);
    try {
      const before = lines.length;
      await call('POST', `/tickets/send/${reservation}`, {
        payload: { email: 'refused@example.jp', lang: 'en' },
        status: 500,
      });
      const text = lines.slice(before).join('\n');
      expect(lines.slice(before).some((line) => line.includes('"level":50'))).toBe(true);
      expect(text).toContain('logs_test_refuses');
      expect(text).toContain(`/demo/api/v1/tickets/send/${REDACTED}`);
      // The mail's link is a new view-only token (ADR 102), scrubbed as a secret of this request.
      expect(text).toContain(`/tickets/view/${REDACTED}`);
      expect(text).not.toMatch(/\/tickets\/view\/[A-Za-z0-9_-]{22}/);
      expect(text).not.toContain(reservation);
    } finally {
      await ctx.db.execute(sql`ALTER TABLE mail_outbox DROP CONSTRAINT logs_test_refuses`);
    }
  });
});

/**
 * What may stay in a logged URL: the site's slug, numeric ids, names of things (an enum, a language, a date,
 * a product's uuid). Anything else a route takes in its path or query must be marked secret in its schema,
 * so a new token cannot be forgotten: this list grows only by a reviewed line.
 */
const PUBLIC_PARAMS = new Set([
  'slug', // every site route
  'ticketId', // a ticket's numeric id (check-in, wallet pass)
  'couponId', // a coupon application's numeric id
  'call', // the GMO simulator's API call name
  'result', // SoftBank's return: success | cancel | error
  'index', // the development mail page's attachment number
  'objectType', // the console's audit log: an object's kind (order, staff, ...)
  'name', // the console's site secrets: a secret's name (gmo_shop_pass), never its value
  'file', // an uploaded site image: <sha256>.<ext> of its public content
  'campaign', // the console's coupon campaigns: a campaign's name
  'moveId', // the console's moves of visitors: a run's numeric id (ADR 079)
  'deliveryId', // the console's webhook delivery log: a delivery's numeric id (ADR 087)
  'report', // the console's reports: a report's name (settlement, sales, ...; ADR 084)
  '*', // the SPA's files; an unmatched tail keeps only the route table's words
]);
const PUBLIC_QUERY = new Set([
  'lang',
  'channel',
  'date',
  'from',
  'to',
  'product_uuid',
  'product_type',
  'product_id',
  'product_time_span_id',
  'main_product_time_span_ids',
  'mode',
  'wait', // the waiting room's long poll: 0 | 1
  'seen', // the state the waiting room's long poll last saw (waiting, admitted, ...)
  'redirect_status', // Stripe's return: succeeded | failed ...
  'error', // d払い's login return: an OAuth error code and its text
  'error_description',
  'response_type', // the d払い simulator's login request: its public fields
  'scope',
  'client_id',
  'redirect_uri',
  'prompt',
  'authif',
  'site', // the development mail page's filters
  'kind',
  'to_address',
  // The console's audit log filters: words, numeric ids and a numeric cursor (its object id is secret).
  'actor_kind',
  'staff',
  'device',
  'object_type',
  'action',
  'cursor',
  'limit',
  // The console's lists and deletes (issue 28): versions, switches, numeric ids and offsets, a product's uuid.
  'expected_version',
  'product',
  'enabled',
  'batch_id',
  'offset',
  // The console's order search (issue 29): an order's status and a payment method id (its value `q` is secret).
  'status',
  'payment_method',
  // The console's reports (issue 30, ADR 084): a view, a grouping, a payment method id and a file format.
  'view',
  'group',
  'method',
  'format',
  // The console's allotments (issue 30, ADR 089): a partner's numeric id.
  'partner_id',
]);

describe('every parameter a route takes is marked secret or public', () => {
  it('leaves no unmarked token in a path or a query', () => {
    const unmarked = app.logRedaction.routes().flatMap((route) =>
      [...route.params, ...route.query]
        .filter((p) => !p.secret && !PUBLIC_PARAMS.has(p.name) && !PUBLIC_QUERY.has(p.name))
        .filter((p) => !(route.url.startsWith('/dev/mails') && p.name === 'id'))
        // The console's `:id`s are numeric row ids (staff, roles, invitations, devices, posters); its tokens are
        // `:token`, marked secret.
        .filter((p) => !(route.url.startsWith(CONSOLE_API_PATH) && p.name === 'id'))
        .map((p) => `${route.method} ${route.url} ${p.name}`),
    );
    expect(app.logRedaction.routes().length).toBeGreaterThan(80);
    expect(unmarked).toEqual([]);
    // The markers reach the routes: the token routes are among those read.
    const secretParam = (url: string) =>
      app.logRedaction
        .routes()
        .find((r) => r.url === url)
        ?.params.find((p) => p.name !== 'slug');
    expect(secretParam('/:slug/api/v1/ordermails/:id')?.secret).toBe(true);
    expect(secretParam('/payment-return/gmo_3ds/:paymentNumber')?.secret).toBe(true);
  });

  it('gives the scrubbing hooks only to routes that take secrets, change state or are gate calls', async () => {
    const scrubbed = (method: string, url: string) =>
      app.logRedaction.routes().find((r) => r.method === method && r.url === url)?.scrubbed;
    // The catalogue's reads (ADR 033's hot path) declare no secret: no per-request hook.
    for (const url of [
      '/:slug/api/v1/products',
      '/:slug/api/v1/products/stocks',
      '/:slug/api/v1/products/stocks-statuses',
      '/:slug/api/v1/products/orderable_stocks',
      '/:slug/api/v1/calendar/colors',
    ]) {
      expect(scrubbed('GET', url), url).toBe(false);
    }
    expect(scrubbed('GET', '/:slug/api/v1/ordermails/:id')).toBe(true);
    expect(scrubbed('POST', '/:slug/api/v1/orders')).toBe(true);
    expect(scrubbed('GET', '/:slug/api/v1/gate/session')).toBe(true);
    // A read without secrets still logs its URL through the redacting serializer: an undeclared token
    // name in its query is redacted there.
    const before = lines.length;
    const res = await app.inject({
      method: 'GET',
      url: `${SITE_PATH}/calendar/colors?from=2026-01-01&to=2026-01-02&token=AbCdEfGhIjKlMnOpQrStUv`,
      remoteAddress: visitorAddress(),
    });
    expect(res.statusCode).toBeLessThan(500);
    const text = lines.slice(before).join('\n');
    expect(text).toContain('/calendar/colors?from=2026-01-01');
    expect(text).not.toContain('AbCdEfGhIjKlMnOpQrStUv');
  });

  it('keeps only the route table’s words of a URL no route matched, and redacts undeclared query values', () => {
    const url = (raw: string, route?: string) => app.logRedaction.redactUrl(raw, route, 'GET');
    expect(url('/demo/api/v1/tickets/AbCdEfGhIjKlMnOpQrStUv/Extra2')).toBe(
      `/demo/api/v1/tickets/${REDACTED}/${REDACTED}`,
    );
    expect(url('/demo/assets/index-B1x_9zQ.js', '/:slug/*')).toBe('/demo/assets/index-B1x_9zQ.js');
    expect(url('/demo/AbCdEfGhIjKlMnOpQrStUv', '/:slug/*')).toBe(`/demo/${REDACTED}`);
    expect(url('/demo/?lang=en&qr_token=AbCdEfGhIjKlMnOpQrStUv&x=1', '/:slug/')).toBe(
      `/demo/?lang=en&qr_token=${REDACTED}&x=${REDACTED}`,
    );
    expect(
      url(
        '/payment-return/gmo_paypay/PN123456789012?AccessID=abc&Status=CAPTURE',
        '/payment-return/gmo_paypay/:paymentNumber',
      ),
    ).toBe(`/payment-return/gmo_paypay/${REDACTED}?AccessID=${REDACTED}&Status=${REDACTED}`);
    expect(
      url('/demo/api/v1/spot/products/stocks?qr_token=AbC&lang=ja', '/:slug/api/v1/spot/products/stocks'),
    ).toBe(`/demo/api/v1/spot/products/stocks?qr_token=${REDACTED}&lang=ja`);
    // Percent-encoded: the segment is the parameter, whatever its spelling.
    expect(url('/demo/api/v1/orders/%41bc', '/:slug/api/v1/orders/:id')).toBe(
      `/demo/api/v1/orders/${REDACTED}`,
    );
  });
});
