import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import type { Db } from '../../../db/client.ts';

/**
 * Test support for the reports (issue 30): paid orders written as checkout, the counter and refunds leave them
 * (the subject here is the reports' figures, not paying: checkout's and refunds' tests cover those), and a
 * reader of the XLSX's zip that needs no dependency.
 */
let serial = 0;
const unique = (stem: string) => `${stem}${process.pid}x${++serial}`;

export interface PaidOrder {
  orderId: number;
  reservationId: number;
  reservationNumber: string;
  paymentId: number;
  paymentNumber: string;
  ticketIds: number[];
}

export async function paidOrder(
  db: Db,
  input: {
    site: string;
    productId: number;
    timeSpanId: number;
    optionValueId: number;
    unitPrice: number;
    quantity: number;
    method: string;
    paidAt: string;
    channel?: string;
    discount?: number;
    couponId?: number;
    providerReference?: string | null;
  },
): Promise<PaidOrder> {
  const q = async (text: string, values: unknown[]) => (await db.$client.query(text, values)).rows;
  const price = input.unitPrice * input.quantity - (input.discount ?? 0);
  const [order] = await q(
    `INSERT INTO orders (order_token, site_code, channel, status, lang, product_id, time_span_id, quantity, price,
       expires_at, created_at)
     VALUES ($1, $2, $3, 'reserved', 'ja', $4, $5, $6, $7, $8::timestamptz, $8::timestamptz) RETURNING id`,
    [
      unique('t'),
      input.site,
      input.channel ?? 'web',
      input.productId,
      input.timeSpanId,
      input.quantity,
      price,
      input.paidAt,
    ],
  );
  const orderId = Number(order.id);
  await q(
    `INSERT INTO order_lines (order_id, option_value_id, quantity, unit_price) VALUES ($1, $2, $3, $4)`,
    [orderId, input.optionValueId, input.quantity, input.unitPrice],
  );
  if (input.couponId !== undefined)
    await q(`INSERT INTO order_coupons (order_id, coupon_id, discount) VALUES ($1, $2, $3)`, [
      orderId,
      input.couponId,
      input.discount ?? 0,
    ]);
  await q(
    `INSERT INTO order_events (order_id, from_status, to_status, reason, created_at)
     VALUES ($1, 'paying', 'reserved', 'paid', $2::timestamptz)`,
    [orderId, input.paidAt],
  );
  const paymentNumber = unique('P');
  const [payment] = await q(
    `INSERT INTO payments (order_id, site_code, method, amount, status, payment_number, idempotency_key,
       provider_reference, confirmed_at, created_at)
     VALUES ($1, $2, $3, $4, 'confirmed', $5, $6, $7, $8::timestamptz, $8::timestamptz) RETURNING id`,
    [
      orderId,
      input.site,
      input.method,
      price,
      paymentNumber,
      unique('k'),
      input.providerReference === undefined ? unique('GW') : input.providerReference,
      input.paidAt,
    ],
  );
  const reservationNumber = unique('R').slice(0, 20);
  const [reservation] = await q(
    `INSERT INTO reservations (reservation_token, reservation_number, order_id, site_code, email, lang)
     VALUES ($1, $2, $3, $4, 'visitor@example.test', 'ja') RETURNING id`,
    [unique('rt'), reservationNumber, orderId, input.site],
  );
  const reservationId = Number(reservation.id);
  const ticketIds: number[] = [];
  for (let sequence = 1; sequence <= input.quantity; sequence += 1) {
    const [ticket] = await q(
      `INSERT INTO tickets (reservation_id, option_value_id, sequence, secret) VALUES ($1, $2, $3, $4) RETURNING id`,
      [reservationId, input.optionValueId, sequence, randomBytes(8).toString('hex')],
    );
    ticketIds.push(Number(ticket.id));
  }
  return {
    orderId,
    reservationId,
    reservationNumber,
    paymentId: Number(payment.id),
    paymentNumber,
    ticketIds,
  };
}

/** A refund of some tickets that the gateway gave back (or staff recorded as given back) at `at`. */
export async function refunded(
  db: Db,
  order: PaidOrder & { site: string },
  input: { ticketIds: number[]; amount: number; at: string; manual?: boolean },
): Promise<void> {
  const q = async (text: string, values: unknown[]) => (await db.$client.query(text, values)).rows;
  const status = input.manual ? 'manual' : 'succeeded';
  const [refund] = await q(
    `INSERT INTO refunds (order_id, reservation_id, site_code, payment_id, amount, status, reason, idempotency_key,
       requested_by_label, completed_at, manual_recorded_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'visitor_sick', $7, 'test', $8::timestamptz,
             CASE WHEN $6 = 'manual' THEN $8::timestamptz END, $8::timestamptz) RETURNING id`,
    [
      order.orderId,
      order.reservationId,
      order.site,
      order.paymentId,
      input.amount,
      status,
      unique('rk'),
      input.at,
    ],
  );
  await q(
    `INSERT INTO refund_payments (refund_id, payment_id, amount, refund_key, status, provider_reference, completed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz)`,
    [refund.id, order.paymentId, input.amount, unique('rf'), status, unique('GWR'), input.at],
  );
  const share = Math.floor(input.amount / input.ticketIds.length);
  for (const ticketId of input.ticketIds) {
    await q(`INSERT INTO refund_tickets (refund_id, ticket_id, amount) VALUES ($1, $2, $3)`, [
      refund.id,
      ticketId,
      share,
    ]);
    await q(`UPDATE tickets SET status = 'void' WHERE id = $1`, [ticketId]);
  }
}

/**
 * The files of a zip (an XLSX) by name, inflated: read through the central directory at the end, since a
 * streamed zip writes each entry's sizes after its data.
 */
export function unzip(buffer: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory: not a zip');
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  for (let i = 0; i < count; i += 1) {
    if (buffer.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localOffset = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    const localName = buffer.readUInt16LE(localOffset + 26);
    const localExtra = buffer.readUInt16LE(localOffset + 28);
    const start = localOffset + 30 + localName + localExtra;
    const data = buffer.subarray(start, start + compressedSize);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}
