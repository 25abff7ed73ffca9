import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PARTNER_API_PATH } from '@kippu/contract/partner/partner-routes';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * Steps of the partner journey of issue 30: a partner's server calling the partner API with its token, and a
 * webhook receiver the test runs on 127.0.0.1 (the e2e server runs in development, where loopback targets
 * are allowed: ADR 087) that checks each delivery's signature as docs/webhooks.md tells receivers to.
 */

async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A partner API call as the partner's server makes it: its token as a bearer, no cookie, no XSRF token. */
export async function partnerCall<T>(
  token: string,
  method: string,
  path: string,
  { body, idempotencyKey }: { body?: unknown; idempotencyKey?: string } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${inject('e2eBaseUrl')}${PARTNER_API_PATH}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The orders a reservation number belongs to in the database, with their channel and partner. */
export async function ordersOfBooking(
  reservationNumber: string,
): Promise<{ channel: string; partner_id: string | null; status: string }[]> {
  return query(
    `SELECT o.channel, o.partner_id, o.status FROM orders o JOIN reservations r ON r.order_id = o.id
     WHERE r.reservation_number = $1`,
    [reservationNumber],
  );
}

/** The ticket type ids (option values) of a product of the journey's own, in their order. */
export async function ticketTypesOf(productUuid: string): Promise<number[]> {
  const rows = await query<{ id: number }>(
    `SELECT v.id FROM option_values v JOIN products p ON p.id = v.product_id WHERE p.uuid = $1 ORDER BY v.position, v.id`,
    [productUuid],
  );
  return rows.map((row) => row.id);
}

/** One POST the receiver got: its headers, its body as sent, and whether its signature holds for `secret`. */
export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; data: Record<string, unknown> };
}

/** Constant-time comparison of two hex signatures. */
function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/**
 * Whether a delivery is signed with `secret` as docs/webhooks.md says: `Kippu-Webhook-Signature` carries one
 * or more `v1=<hex HMAC-SHA256 of "<Kippu-Webhook-Timestamp>.<body>">`, and the timestamp is within five
 * minutes of now (an old one is a replay).
 */
export function signedWith(delivery: ReceivedDelivery, secret: string, now = Date.now()): boolean {
  const timestamp = String(delivery.headers['kippu-webhook-timestamp'] ?? '');
  const signatures = String(delivery.headers['kippu-webhook-signature'] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('v1='))
    .map((part) => part.slice(3));
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex');
  return signatures.some((signature) => sameHex(signature, expected));
}

/** A webhook receiver on 127.0.0.1: records every POST and answers 200. */
export interface WebhookReceiver {
  url: string;
  deliveries: ReceivedDelivery[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const deliveries: ReceivedDelivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        deliveries.push({
          headers: request.headers,
          body,
          event: JSON.parse(body) as ReceivedDelivery['event'],
        });
      } catch {
        deliveries.push({ headers: request.headers, body, event: { id: '', type: 'unreadable', data: {} } });
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/kippu-hook`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
