import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { RECEIPT_ADDRESSEE_MAX, type LangCode, type ReceiptResponse, type SiteCode } from '@kippu/contract';
import type { BoxOfficeSale, BoxOfficeSaleBody } from '@kippu/contract/console/box-office-schemas';
import type { Env } from '../../config/env.ts';
import type { WalletEnv } from '../../config/wallet-certificates.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { checkout, type CheckoutDeps } from '../checkout/checkout.ts';
import { cancelOrder } from '../order-release/cancel-order.ts';
import { updateCustomerInfo } from '../orders/update-customer-info.ts';
import { issueReceipt, readReceipt } from '../receipts/receipt-document.ts';
import { createOrder, type CreateOrderDeps } from '../stock/create-order.ts';
import { ticketPage } from '../tickets/ticket-page.ts';
import { saleReceipt, type CounterPayment } from './sale-receipt.ts';

/**
 * A sale at the counter (issue 29, ADR 080), through the web's order domain and nothing else: the hold
 * through the one stock function (channel `pos`, the counter's cut-off), the order form (`pos` fields),
 * then checkout with the counter's method through the payment registry, which settles the order, sells the
 * stock, issues the tickets and queues the purchase mail exactly as for the web. This module only decides
 * what the counter adds: the cash handed over and its change, the terminal's approval number, the receipt
 * printed at once (the original of the qualified receipt, ADR 023), and the idempotency of a double click.
 */
export interface BoxOfficeDeps {
  orders: CreateOrderDeps;
  checkout: CheckoutDeps;
  env: Pick<Env, 'APP_SECRET' | 'PUBLIC_URL' | 'PORT'> & WalletEnv;
}

type SaleRow = {
  id: number;
  request_hash: string;
  order_token: string | null;
  completed_at: Date | string | null;
  received: number | null;
  change: number | null;
};

/**
 * The receipt's addressee when staff typed no name: 上様 on a Japanese receipt (the custom for a walk-in),
 * the plain word elsewhere. A qualified receipt needs one (receipt_issues.addressee, ADR 023).
 */
const WALK_IN_ADDRESSEE: Record<LangCode, string> = {
  ja: '上様',
  en: 'Customer',
  'zh-hans': '顾客',
  kr: '고객',
  'zh-hant': '顧客',
  th: 'ลูกค้า',
};

/** How long a repeated request waits for the first one's order (a double click arrives milliseconds later). */
const WAIT_FOR_FIRST_MS = 15_000;

/**
 * A claim with no order this long after it was made belongs to a request that died (a crash, a cut
 * connection between the claim and the order): a repeat takes it over. Twice the repeat's wait, so a
 * double click never takes over a first request that is merely slow; one that is, finds its claim gone
 * when it would record its order and gives its hold back (recordSaleOrder).
 */
const CLAIM_DIES_AFTER_SECONDS = 30;

/** The request without its key: the same key with another sale is refused, never answered with the first. */
function requestHash(body: BoxOfficeSaleBody): string {
  const { idempotency_key: _key, ...rest } = body;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

async function claimSale(
  db: Db,
  site: SiteCode,
  actor: AuditActor,
  body: BoxOfficeSaleBody,
  hash: string,
): Promise<{ id: number; first: boolean }> {
  const { payment } = body;
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO box_office_sales (site_code, idempotency_key, staff_id, request_hash, method, received,
                                  approval_number)
    VALUES (${site}, ${body.idempotency_key}, ${actor.staffId ?? null}, ${hash}, ${payment.method},
            ${payment.method === 'cash' ? payment.received : null},
            ${payment.method === 'card_terminal' ? payment.approval_number : null})
    ON CONFLICT (site_code, idempotency_key) DO NOTHING
    RETURNING id`);
  if (rows[0]) return { id: Number(rows[0].id), first: true };
  // A dead claim sold nothing: it is forgotten and this request claims the key afresh (one of several
  // repeats deletes it; the others then meet the new claim as a first request's).
  if (await forgetDeadClaim(db, site, body.idempotency_key)) return claimSale(db, site, actor, body, hash);
  const existing = await saleRow(db, site, body.idempotency_key);
  if (!existing) throw new AppError('invalid_request', 'a box office sale vanished while it was claimed');
  if (existing.request_hash !== hash) {
    throw new AppError('invalid_request', 'this idempotency key was used for another sale');
  }
  return { id: Number(existing.id), first: false };
}

async function forgetDeadClaim(db: Db, site: SiteCode, key: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    DELETE FROM box_office_sales
    WHERE site_code = ${site} AND idempotency_key = ${key} AND order_id IS NULL
      AND created_at < now() - make_interval(secs => ${CLAIM_DIES_AFTER_SECONDS})
    RETURNING id`);
  return rows.length > 0;
}

async function saleRow(db: Db, site: SiteCode, key: string): Promise<SaleRow | undefined> {
  const { rows } = await db.execute<SaleRow>(sql`
    SELECT b.id, b.request_hash, o.order_token, b.completed_at, b.received, b.change
    FROM box_office_sales b LEFT JOIN orders o ON o.id = b.order_id
    WHERE b.site_code = ${site} AND b.idempotency_key = ${key}`);
  return rows[0];
}

/**
 * The first request's part: the hold and the form. The sale row names the order only once it is ready for
 * checkout, so a repeated request that finds the order goes straight on to checkout (idempotent itself).
 * Every failure after the hold (cash short, `free` for a price, the form refusing the address, the claim
 * taken over meanwhile) gives the hold back and forgets the sale: the screen may try again.
 */
async function holdForSale(
  deps: BoxOfficeDeps,
  site: SiteCode,
  saleId: number,
  body: BoxOfficeSaleBody,
): Promise<string> {
  const quantity = body.lines.reduce((sum, line) => sum + line.quantity, 0);
  const held = await createOrder(
    deps.orders,
    // No hold caps at the counter: staff sell to one visitor after another from one browser.
    { code: site, channel: 'pos', clientKey: null },
    {
      lang: body.lang,
      product_uuid: body.product_uuid,
      time_span_id: body.time_span_id,
      quantity,
      option_values: body.lines,
      set_products: [],
    },
  ).catch(async (error: unknown) => {
    await forgetSale(deps.checkout.db, saleId);
    throw error;
  });
  try {
    await prepareHeldSale(deps, site, saleId, body, held);
  } catch (error) {
    await cancelOrder(deps.checkout.db, site, held.orderToken);
    await forgetSale(deps.checkout.db, saleId);
    throw error;
  }
  return held.orderToken;
}

/** After the hold: the counter's refusals, the form, and the order recorded on the claim (still ours). */
async function prepareHeldSale(
  deps: BoxOfficeDeps,
  site: SiteCode,
  saleId: number,
  body: BoxOfficeSaleBody,
  held: { orderToken: string; price: number },
): Promise<void> {
  const refusal =
    body.payment.method === 'cash' && body.payment.received < held.price
      ? 'console_cash_short'
      : body.payment.method === 'free' && held.price > 0
        ? 'invalid_request'
        : null;
  if (refusal) throw new AppError(refusal);
  const mailTo = body.send_mail ? body.visitor.email : undefined;
  await updateCustomerInfo(
    deps.checkout.db,
    site,
    held.orderToken,
    {
      customer_info: [
        // The purchase mail goes to the order's address: kept only when staff chose to mail the tickets.
        ...(mailTo ? [{ key: 'email', value: mailTo }] : []),
        ...(body.visitor.name ? [{ key: 'fullname', value: body.visitor.name }] : []),
      ],
    },
    'pos',
  );
  // Only while the claim is still this request's: a repeat that took it over (CLAIM_DIES_AFTER_SECONDS)
  // sells on its own hold, and this one must not sell a second time.
  const { rows } = await deps.checkout.db.execute(sql`
    UPDATE box_office_sales SET order_id = (SELECT id FROM orders WHERE order_token = ${held.orderToken})
    WHERE id = ${saleId} AND order_id IS NULL RETURNING id`);
  if (rows.length === 0) throw new AppError('temporarily_unavailable', 'the sale was taken over by a repeat');
}

async function forgetSale(db: Db, saleId: number): Promise<void> {
  await db.execute(sql`DELETE FROM box_office_sales WHERE id = ${saleId} AND order_id IS NULL`);
}

/**
 * Checkout refused the sale's order before taking money (its hold ran out, the method is not offered):
 * the order is cancelled if it is still open (a paying or paid one is left to its payment), and then
 * the claim is forgotten so the screen can sell again with the same key.
 */
async function giveUpSale(db: Db, site: SiteCode, saleId: number, orderToken: string): Promise<void> {
  if (!(await cancelOrder(db, site, orderToken).catch(() => false))) return;
  await db.execute(sql`DELETE FROM box_office_sales WHERE id = ${saleId} AND completed_at IS NULL`);
}

/** A repeated request: the first one's order, once it is ready for checkout. */
async function firstSaleOrder(db: Db, site: SiteCode, key: string): Promise<string> {
  const until = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const row = await saleRow(db, site, key);
    // The first request gave up (cash short, sold out): this one answers as it would have.
    if (!row) throw new AppError('invalid_request', 'the first request of this sale did not go through');
    if (row.order_token) return row.order_token;
    if (Date.now() > until) throw new AppError('temporarily_unavailable');
    await sleep(100);
  }
}

/**
 * Completes the sale once: the completion mark, its audit event and the receipt's first issue (its
 * number) belong to the one request that sets `completed_at`; any other reads what it recorded.
 */
async function completeSale(
  deps: BoxOfficeDeps,
  actor: AuditActor,
  site: SiteCode,
  saleId: number,
  reservationToken: string,
  body: BoxOfficeSaleBody,
  total: number,
): Promise<{ receipt: ReceiptResponse; payment: CounterPayment }> {
  const { db } = deps.checkout;
  const { payment } = body;
  const change = payment.method === 'cash' ? payment.received - total : null;
  const completed = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number; order_id: number }>(sql`
      UPDATE box_office_sales SET completed_at = now(), change = ${change}
      WHERE id = ${saleId} AND completed_at IS NULL RETURNING id, order_id`);
    const row = rows[0];
    if (!row) return false;
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'order',
      objectId: String(row.order_id),
      action: 'box_office_sale',
      after: {
        method: total === 0 ? 'free' : payment.method,
        total,
        received: payment.method === 'cash' ? payment.received : null,
        change,
        approval_number: payment.method === 'card_terminal' ? payment.approval_number : null,
        mailed: body.send_mail,
      },
    });
    return true;
  });
  const counterPayment: CounterPayment = {
    method: total === 0 ? 'free' : payment.method,
    received: payment.method === 'cash' ? payment.received : null,
    change,
    approvalNumber: payment.method === 'card_terminal' ? payment.approval_number : null,
  };
  if (completed) {
    const receipt = await issueReceipt(
      db,
      site,
      reservationToken,
      body.lang,
      body.visitor.name?.slice(0, RECEIPT_ADDRESSEE_MAX) || WALK_IN_ADDRESSEE[body.lang],
    );
    return { receipt, payment: counterPayment };
  }
  // Another request completed it: its receipt is issued (or about to be).
  const until = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const receipt = await readReceipt(db, site, reservationToken, body.lang);
    if (receipt.issue || Date.now() > until) return { receipt, payment: counterPayment };
    await sleep(100);
  }
}

/**
 * POST /console/api/v1/sites/:site/box-office/sales. A double click or a retry with the same key sells
 * once and answers the same sale; a key reused for another sale is refused.
 */
export async function sellAtCounter(
  deps: BoxOfficeDeps,
  actor: AuditActor,
  site: SiteCode,
  body: BoxOfficeSaleBody,
): Promise<BoxOfficeSale> {
  if (body.send_mail && !body.visitor.email) {
    throw new AppError('invalid_request', 'mailing the tickets needs the visitor’s e-mail address');
  }
  const { db } = deps.checkout;
  const claimed = await claimSale(db, site, actor, body, requestHash(body));
  const orderToken = claimed.first
    ? await holdForSale(deps, site, claimed.id, body)
    : await firstSaleOrder(db, site, body.idempotency_key);

  const method = body.payment.method;
  const paid = await checkout(
    deps.checkout,
    site,
    orderToken,
    { payment_method_type: method },
    method === 'card_terminal' ? { terminalApproval: body.payment.approval_number } : {},
  ).catch(async (error: unknown) => {
    await giveUpSale(db, site, claimed.id, orderToken);
    throw error;
  });
  // The counter's providers answer at once; a redirect would be a wrongly configured method.
  if (paid.status !== 'reserved') throw new AppError('payment_api_failure', 'the counter cannot redirect');

  const total = await orderTotal(db, orderToken);
  const { receipt, payment } = await completeSale(
    deps,
    actor,
    site,
    claimed.id,
    paid.reservation_token,
    body,
    total,
  );
  const page = await ticketPage(db, deps.env, site, paid.reservation_token, body.lang);
  return {
    reservation_number: paid.reservation_number,
    reservation_token: paid.reservation_token,
    tickets: page.tickets
      .filter((ticket) => ticket.status !== 'void')
      .map(({ id, sequence, option_name, qr }) => ({ id, sequence, option_name, qr })),
    receipt: await saleReceipt(db, site, page, receipt, payment),
    mail_queued: body.send_mail,
  };
}

/** What the visitor paid for the order (its payment's amount: the price less any discount). */
async function orderTotal(db: Db, orderToken: string): Promise<number> {
  const { rows } = await db.execute<{ amount: string }>(sql`
    SELECT p.amount FROM payments p JOIN orders o ON o.id = p.order_id
    WHERE o.order_token = ${orderToken} AND p.status = 'confirmed'
    ORDER BY p.id DESC LIMIT 1`);
  if (!rows[0]) throw new AppError('record_not_found');
  return Number(rows[0].amount);
}
