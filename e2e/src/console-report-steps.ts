import { randomBytes } from 'node:crypto';
import type { LangCode, SiteCode } from '@kippu/contract';
import type { Locator, Page } from 'playwright-core';
import pg from 'pg';
import { inject } from 'vitest';
import { expect, openPage, PHONE_VIEWPORT } from './fixtures.ts';
import { consoleApiWrite } from './console-order-steps.ts';
import { prepareOrderForPayment, prepareReservation } from './prepare-reservation.ts';
import { payWith } from './journeys/payment-steps.ts';
import { reservationNumber, tokyoDate } from './journeys/steps.ts';

/**
 * Steps of the console journeys of issue 30 (reports, partners, webhooks): purchases by several methods
 * whose money a report must show, a staff refund through the console API, and console API reads from a
 * signed-in page.
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

/** A key for the console's once-only writes (box office sale, refund): 16–64 of [A-Za-z0-9_-]. */
export function idempotencyKey(): string {
  return `e2e-${randomBytes(12).toString('hex')}`;
}

/** A console API read from the signed-in page (its session cookie): the status and the JSON body. */
export function consoleApiRead<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { credentials: 'same-origin' });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (an export): the text as it came
    }
    return { status: response.status, body: body as T };
  }, `/console/api/v1${path}`);
}

/** One purchase a report must count: how it was paid, what was paid, the reservation's number. */
export interface ReportPurchase {
  /** The payment method id as the payments table records it (gmo_3ds, gmo_paypay, cash...). */
  method: string;
  amount: number;
  reservationNumber: string;
  orderId: number;
}

/** The order's id and what its payments record (method, amount, status), by its reservation's number. */
export async function orderPayments(
  reservationNumber: string,
): Promise<{ orderId: number; payments: { method: string; amount: number; status: string }[] }> {
  const rows = await query<{
    order_id: string;
    method: string | null;
    amount: string | null;
    status: string | null;
  }>(
    `SELECT r.order_id, p.method, p.amount, p.status
     FROM reservations r LEFT JOIN payments p ON p.order_id = r.order_id
     WHERE r.reservation_number = $1 ORDER BY p.id`,
    [reservationNumber],
  );
  if (!rows[0]) throw new Error(`No reservation ${reservationNumber}`);
  return {
    orderId: Number(rows[0].order_id),
    payments: rows
      .filter((row) => row.method !== null)
      .map((row) => ({ method: row.method!, amount: Number(row.amount), status: row.status! })),
  };
}

/** The purchase's one confirmed payment (fails when there is none or more than one). */
async function paidPurchase(reservation: string): Promise<ReportPurchase> {
  const { orderId, payments } = await orderPayments(reservation);
  const paid = payments.filter((payment) => payment.status === 'confirmed');
  expect(paid.length, `one confirmed payment of ${reservation}: ${JSON.stringify(payments)}`).toBe(1);
  return { method: paid[0]!.method, amount: paid[0]!.amount, reservationNumber: reservation, orderId };
}

/** A visitor pays `tickets` of `product` (today) by the simulator's card, over HTTP (ADR 053). */
export async function cardPurchase(
  site: SiteCode,
  lang: LangCode,
  product: string,
  tickets: number,
  email: string,
): Promise<ReportPurchase> {
  const reservation = await prepareReservation({
    site,
    lang,
    date: tokyoDate(0),
    tickets,
    product: new RegExp(`^${product}$`),
    email,
  });
  return paidPurchase(reservation.reservationNumber);
}

/**
 * A visitor pays `tickets` of `product` (today) with a wallet that sends them to its own pages (GMO's PayPay
 * cashier on the simulator): the order brought to payment over HTTP, then the mailed link opened at phone
 * width, the method chosen and approved at the wallet, back on the complete screen.
 */
export async function walletPurchase(
  page: Page,
  site: SiteCode,
  lang: LangCode,
  product: string,
  tickets: number,
  email: string,
): Promise<ReportPurchase> {
  const order = await prepareOrderForPayment({
    site,
    lang,
    date: tokyoDate(0),
    tickets,
    product: new RegExp(`^${product}$`),
    email,
  });
  expect(order.mailLinkPath, `${site} confirms the visitor's mail before payment`).toBeTruthy();
  await page.setViewportSize(PHONE_VIEWPORT);
  await openPage(page, order.mailLinkPath!);
  await page.waitForURL(/#\/payment/);
  await payWith(page, lang, 'gmo_paypay', 'pay');
  return paidPurchase(await reservationNumber(page));
}

/** A cash sale at the box office of `site` (the console API as the counter's screen calls it), `received` handed over. */
export async function cashSale(
  staff: Page,
  site: SiteCode,
  lang: LangCode,
  sale: { productUuid: string; timeSpanId: number; optionValueId: number; tickets: number; received: number },
): Promise<ReportPurchase> {
  const answer = await consoleApiWrite<{ reservation_number: string }>(
    staff,
    'POST',
    `/sites/${site}/box-office/sales`,
    {
      idempotency_key: idempotencyKey(),
      lang,
      product_uuid: sale.productUuid,
      time_span_id: sale.timeSpanId,
      lines: [{ option_value_id: sale.optionValueId, quantity: sale.tickets }],
      payment: { method: 'cash', received: sale.received },
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return paidPurchase(answer.body.reservation_number);
}

/**
 * Staff refund the first ticket of `purchase` through the console API (the refund dialog's calls: its
 * preview, then the refund), and wait until the gateway's answer makes it succeeded. Answers the amount.
 */
export async function refundFirstTicket(
  staff: Page,
  site: SiteCode,
  purchase: ReportPurchase,
): Promise<number> {
  const previewPath = `/sites/${site}/orders/${purchase.orderId}/refund-preview`;
  const preview = await consoleApiRead<{ tickets: { id: number; amount: number; refundable: boolean }[] }>(
    staff,
    previewPath,
  );
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const ticket = preview.body.tickets.find((each) => each.refundable)!;
  const refund = await consoleApiWrite<{ status: string; amount: number }>(
    staff,
    'POST',
    `/sites/${site}/orders/${purchase.orderId}/refunds`,
    { ticket_ids: [ticket.id], reason: 'e2e settlement', idempotency_key: idempotencyKey() },
  );
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);
  expect(refund.body.amount).toBe(ticket.amount);
  await expect
    .poll(
      async () =>
        (await consoleApiRead<{ refunds: { status: string }[] }>(staff, previewPath)).body.refunds.map(
          (each) => each.status,
        ),
      { timeout: 30_000, interval: 500 },
    )
    .toEqual(['succeeded']);
  return ticket.amount;
}

/** A figure as a report cell shows it (`¥2,600`, `2,600円`, `1,300`, `-1,300`): the number. */
export function figureIn(cell: string): number {
  const digits = cell.replace(/[^\d\-−]/g, '').replace('−', '-');
  if (!/\d/.test(digits)) return 0;
  return Number(digits);
}

/** A report table as text: its header cells and each body row's cells (the totals row left out). */
export async function tableCells(table: Locator): Promise<{ headers: string[]; rows: string[][] }> {
  const headers = (await table.locator('thead th').allInnerTexts()).map((each) => each.trim());
  const rows: string[][] = [];
  for (const row of await table.locator('tbody tr').all()) {
    rows.push((await row.locator('td').allInnerTexts()).map((each) => each.trim()));
  }
  return { headers, rows };
}

/** RFC 4180 CSV (quoted cells, doubled quotes, CRLF or LF): rows of cells. */
export function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < csv.length; at += 1) {
    const char = csv[at]!;
    if (quoted) {
      if (char === '"' && csv[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && csv[at + 1] === '\n') at += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * Every name a payment method may go by in a report's method cell, in `lang`: its code, the console's word for
 * it (`payment_method_<code>`) and its name on the visitor's payment screen (`payment_method_types`).
 */
export async function methodNames(method: string, lang: LangCode, consoleWord: string): Promise<string[]> {
  const rows = await query<{ name: string | null }>(
    `SELECT names ->> $2 AS name FROM payment_method_types WHERE method = $1`,
    [method, lang],
  );
  return [method, consoleWord, ...rows.map((row) => row.name).filter((name): name is string => !!name)];
}
