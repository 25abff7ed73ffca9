import pg from 'pg';
import { inject } from 'vitest';

/**
 * The server's own database, for the few things a visitor cannot do from the browser: let a hold run out
 * without waiting twenty minutes, and check what a journey left behind (payments, reservations).
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

/** Lets the order's hold run out now, as twenty minutes of waiting would. Fails if no open order matched. */
export async function expireHold(orderToken: string): Promise<void> {
  const rows = await query(
    `UPDATE orders SET expires_at = now() - interval '1 second'
     WHERE order_token = $1 AND status IN ('holding', 'ready_checkout') RETURNING id`,
    [orderToken],
  );
  if (rows.length !== 1) throw new Error(`No open order with token ${orderToken} to expire`);
}

export interface OrderRecord {
  status: string;
  /** Status of every payment attempt, oldest first. */
  payments: string[];
  /** Reservation numbers of the order (at most one). */
  reservations: string[];
}

/** The order of `orderToken` as the database holds it: its status, payment attempts and reservations. */
export async function orderRecord(orderToken: string): Promise<OrderRecord> {
  const [order] = await query<{ id: string; status: string }>(
    'SELECT id, status FROM orders WHERE order_token = $1',
    [orderToken],
  );
  if (!order) throw new Error(`No order with token ${orderToken}`);
  const payments = await query<{ status: string }>(
    'SELECT status FROM payments WHERE order_id = $1 ORDER BY id',
    [order.id],
  );
  const reservations = await query<{ reservation_number: string }>(
    'SELECT reservation_number FROM reservations WHERE order_id = $1',
    [order.id],
  );
  return {
    status: order.status,
    payments: payments.map((row) => row.status),
    reservations: reservations.map((row) => row.reservation_number),
  };
}

export interface PaymentRecord {
  method: string;
  amount: number;
  status: string;
}

/** Every payment attempt of the order of `orderToken`, oldest first: what was charged, how, and its outcome. */
export async function paymentsOf(orderToken: string): Promise<PaymentRecord[]> {
  const rows = await query<{ method: string; amount: string; status: string }>(
    `SELECT p.method, p.amount, p.status FROM payments p JOIN orders o ON o.id = p.order_id
     WHERE o.order_token = $1 ORDER BY p.id`,
    [orderToken],
  );
  return rows.map((row) => ({ method: row.method, amount: Number(row.amount), status: row.status }));
}

const SIX = (ja: string, en: string, zhHans: string, kr: string, zhHant: string, th: string) =>
  JSON.stringify({ ja, en, 'zh-hans': zhHans, kr, 'zh-hant': zhHant, th });

export interface SpotPoster {
  productUuid: string;
  qrToken: string;
  /** Tickets left today; the journey's purchases take from it. */
  capacity: number;
}

/**
 * A day ticket of RUINS (or `site`) sold on the spot channel, open today and tomorrow (Tokyo) whatever the
 * hour of the run, with a valid poster token: what `npm run spot-qr` gives staff, made for one journey.
 * (The demo's timed slots of today may all have started when the journey runs late in the evening.)
 */
export async function spotDayTicket(capacity = 30, site = 'RUINS'): Promise<SpotPoster> {
  const [product] = await query<{ id: number; uuid: string }>(
    `INSERT INTO products (uuid, site_code, product_type, names, descriptions, cautions, sale_channels, position)
     VALUES (gen_random_uuid(), $4, 'date', $1, $2, $3, '{web,spot}', 90) RETURNING id, uuid`,
    [
      SIX(
        '遺跡庭園 当日券',
        'Ruins garden day ticket',
        '遗迹庭园 当日票',
        '유적 정원 당일권',
        '遺跡庭園 當日票',
        'บัตรสวนซากโบราณรายวัน',
      ),
      SIX(
        '本日中いつでも入場できます。',
        'Enter any time today.',
        '当天任意时间入场。',
        '오늘 중 언제든 입장할 수 있습니다.',
        '當天任何時間入場。',
        'เข้าชมได้ตลอดวันนี้',
      ),
      SIX('', '', '', '', '', ''),
      site,
    ],
  );
  await query(
    `INSERT INTO option_values (product_id, names, price, position) VALUES ($1, $2, 1500, 0), ($1, $3, 500, 1)`,
    [
      product!.id,
      SIX('大人', 'Adult', '成人', '성인', '成人', 'ผู้ใหญ่'),
      SIX('子ども', 'Child', '儿童', '어린이', '兒童', 'เด็ก'),
    ],
  );
  await query(
    `INSERT INTO time_spans (product_id, starts_at, ends_at, capacity)
     SELECT $1, d AT TIME ZONE 'Asia/Tokyo', (d + interval '1 day') AT TIME ZONE 'Asia/Tokyo', $2
     FROM (SELECT (now() AT TIME ZONE 'Asia/Tokyo')::date::timestamp + n * interval '1 day' AS d
           FROM generate_series(0, 1) AS n) AS days`,
    [product!.id, capacity],
  );
  const qrToken = `e2e${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`.slice(0, 22);
  await query(
    `INSERT INTO spot_qr_tokens (site_code, product_id, token, expires_at)
     VALUES ($3, $1, $2, now() + interval '1 day')`,
    [product!.id, qrToken, site],
  );
  return { productUuid: product!.uuid, qrToken, capacity };
}

/** Lets a poster token run out now, as its expiry date passing would. */
export async function expireSpotToken(qrToken: string): Promise<void> {
  await query(`UPDATE spot_qr_tokens SET expires_at = now() WHERE token = $1`, [qrToken]);
}

/** The latest change of date of a reservation: its status and the payment attempts of its top-up. */
export async function timeChangeRecord(
  reservationToken: string,
): Promise<{ status: string; payments: { method: string; amount: number; status: string }[] }> {
  const [change] = await query<{ status: string; order_id: string }>(
    `SELECT c.status, c.order_id FROM time_changes c JOIN reservations r ON r.id = c.reservation_id
     WHERE r.reservation_token = $1 ORDER BY c.id DESC LIMIT 1`,
    [reservationToken],
  );
  if (!change) throw new Error(`No time change of reservation ${reservationToken}`);
  const payments = await query<{ method: string; amount: string; status: string }>(
    'SELECT method, amount, status FROM payments WHERE order_id = $1 ORDER BY id',
    [change.order_id],
  );
  return {
    status: change.status,
    payments: payments.map((row) => ({ method: row.method, amount: Number(row.amount), status: row.status })),
  };
}

export interface TodayDayTicket {
  productUuid: string;
  /** Today's span: the slot the signage shows for this product. */
  timeSpanId: number;
  /** The one ticket type. */
  optionValueId: number;
  capacity: number;
}

/**
 * A web day ticket of `site` with one span for today (Tokyo), open until midnight whatever the hour of the
 * run, so the signage screen has a slot still on sale to count down (the demo's timed slots of today may
 * all have started when a journey runs in the evening). One ticket type, `price` yen.
 */
export async function todayDayTicket(site: string, capacity: number, price = 1200): Promise<TodayDayTicket> {
  const [product] = await query<{ id: number; uuid: string }>(
    `INSERT INTO products (uuid, site_code, product_type, names, descriptions, cautions, sale_channels, position)
     VALUES (gen_random_uuid(), $1, 'date', $2, $3, $4, '{web}', 90) RETURNING id, uuid`,
    [
      site,
      SIX('庭園 当日券', 'Garden day pass', '庭园 当日票', '정원 당일권', '庭園 當日票', 'บัตรสวนรายวัน'),
      SIX(
        '本日中いつでも入場できます。',
        'Enter any time today.',
        '当天任意时间入场。',
        '오늘 중 언제든 입장할 수 있습니다.',
        '當天任何時間入場。',
        'เข้าชมได้ตลอดวันนี้',
      ),
      SIX('', '', '', '', '', ''),
    ],
  );
  const [option] = await query<{ id: number }>(
    `INSERT INTO option_values (product_id, names, price, position) VALUES ($1, $2, $3, 0) RETURNING id`,
    [product!.id, SIX('一般', 'General', '普通', '일반', '一般', 'ทั่วไป'), price],
  );
  const [span] = await query<{ id: string }>(
    `INSERT INTO time_spans (product_id, starts_at, ends_at, capacity)
     SELECT $1, d AT TIME ZONE 'Asia/Tokyo', (d + interval '1 day') AT TIME ZONE 'Asia/Tokyo', $2
     FROM (SELECT (now() AT TIME ZONE 'Asia/Tokyo')::date::timestamp AS d) AS today
     RETURNING id`,
    [product!.id, capacity],
  );
  return { productUuid: product!.uuid, timeSpanId: Number(span!.id), optionValueId: option!.id, capacity };
}

/** The stock of one span as the database holds it. */
export async function spanStock(timeSpanId: number): Promise<{ held: number; sold: number }> {
  const [row] = await query<{ held: number; sold: number }>(
    'SELECT held, sold FROM time_spans WHERE id = $1',
    [timeSpanId],
  );
  if (!row) throw new Error(`No time span ${timeSpanId}`);
  return row;
}

/** Takes a journey's own product off every channel, so later journeys' screens do not show it. */
export async function retireProduct(productUuid: string): Promise<void> {
  await query(`UPDATE products SET sale_channels = '{}' WHERE uuid = $1`, [productUuid]);
}

/**
 * Puts a reservation's visit "now" for the gate (ADR 111: a ticket admits only around its slot): its order
 * moves to a slot of its own that started five minutes ago (sold out, off sale), so a journey that bought for
 * another day can scan at once, without moving a slot other journeys share. After a date change, call it
 * again: it follows the reservation's order.
 */
export async function moveVisitToNow(reservationToken: string): Promise<void> {
  const rows = await query(
    `WITH target AS (
       SELECT o.id, o.product_id, o.quantity FROM reservations r JOIN orders o ON o.id = r.order_id
       WHERE r.reservation_token = $1),
     span AS (
       INSERT INTO time_spans (product_id, starts_at, ends_at, capacity, sold, on_sale)
       SELECT product_id, date_trunc('second', now()) - interval '5 minutes',
              date_trunc('second', now()) + interval '25 minutes', quantity, quantity, false
       FROM target RETURNING id)
     UPDATE orders SET time_span_id = (SELECT id FROM span) WHERE id = (SELECT id FROM target) RETURNING id`,
    [reservationToken],
  );
  if (rows.length !== 1) throw new Error(`No reservation with token ${reservationToken} to move to now`);
}

export interface ChangeableDayTickets {
  /** The products' Japanese name starts with it: a journey picks its own with `new RegExp(namePrefix)`. */
  namePrefix: string;
  /** Sold on `date`, one ticket type at `price`. */
  cheaper: { productUuid: string; date: string; price: number };
  /** Of the same change group, on `date`, the same ticket type dearer: a change there has a top-up. */
  dearer: { productUuid: string; date: string; price: number };
}

/**
 * Two date-changeable web products of `site` in a change group of their own, one journey's alone (ADR 053):
 * a purchase of the cheaper one may move to the dearer one's slot, so a change of date costs a top-up
 * without touching the site's shared products or settings. Each has one slot, 10:00–11:00 (Tokyo).
 */
export async function changeableDayTickets(
  site: string,
  cheaper: { date: string; price: number },
  dearer: { date: string; price: number },
): Promise<ChangeableDayTickets> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const namePrefix = `変更テスト${tag}`;
  const make = async (suffix: string, { date, price }: { date: string; price: number }) => {
    const [product] = await query<{ id: number; uuid: string }>(
      `INSERT INTO products (uuid, site_code, product_type, names, descriptions, cautions, sale_channels,
                             position, date_changeable, date_change_group)
       VALUES (gen_random_uuid(), $1, 'date', $2, $3, $3, '{web}', 95, true, $4) RETURNING id, uuid`,
      [
        site,
        SIX(
          `${namePrefix} ${suffix}`,
          `${namePrefix} ${suffix}`,
          `${namePrefix} ${suffix}`,
          `${namePrefix} ${suffix}`,
          `${namePrefix} ${suffix}`,
          `${namePrefix} ${suffix}`,
        ),
        SIX('', '', '', '', '', ''),
        `e2e-${tag}`,
      ],
    );
    // The same Japanese ticket-type name on both: a change matches ticket types by it (repriced-order.ts).
    await query(`INSERT INTO option_values (product_id, names, price, position) VALUES ($1, $2, $3, 0)`, [
      product!.id,
      SIX('一般', 'General', '普通', '일반', '一般', 'ทั่วไป'),
      price,
    ]);
    await query(
      `INSERT INTO time_spans (product_id, starts_at, ends_at, capacity)
       VALUES ($1, ($2::date + time '10:00') AT TIME ZONE 'Asia/Tokyo',
                   ($2::date + time '11:00') AT TIME ZONE 'Asia/Tokyo', 10)`,
      [product!.id, date],
    );
    return { productUuid: product!.uuid, date, price };
  };
  return { namePrefix, cheaper: await make('A', cheaper), dearer: await make('B', dearer) };
}

/** The tickets and add-ons a paid reservation holds, as the database records them: name (ja) and quantity. */
export async function reservationContents(reservationNumber: string): Promise<{
  status: string;
  tickets: { name: string; quantity: number }[];
  sets: { name: string; quantity: number }[];
}> {
  const [order] = await query<{ id: string; status: string }>(
    `SELECT o.id, r.status FROM reservations r JOIN orders o ON o.id = r.order_id WHERE r.reservation_number = $1`,
    [reservationNumber],
  );
  if (!order) throw new Error(`No reservation ${reservationNumber}`);
  const tickets = await query<{ name: string; quantity: number }>(
    `SELECT v.names ->> 'ja' AS name, l.quantity FROM order_lines l JOIN option_values v ON v.id = l.option_value_id
     WHERE l.order_id = $1 ORDER BY v.position, v.id`,
    [order.id],
  );
  const sets = await query<{ name: string; quantity: number }>(
    `SELECT s.names ->> 'ja' AS name, os.quantity FROM order_set_products os
     JOIN set_products s ON s.id = os.set_product_id WHERE os.order_id = $1 ORDER BY s.id`,
    [order.id],
  );
  return { status: order.status, tickets, sets };
}
