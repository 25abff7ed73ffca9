import { randomBytes } from 'node:crypto';
import { randomToken } from '../../shared/random-token.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { PaymentMethodId, SiteCode } from '@kippu/contract';
import type { OrderTimelineAuditAction } from '@kippu/contract/console/order-timeline-codes';
import type { Tx } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { PaymentAttempt, ProviderEvent } from './payment-provider.ts';

/**
 * The `payments` rows: one per attempt (ADR 017). Each status change is a conditional update from the
 * statuses it may leave, so a late or repeated writer changes nothing.
 */

export type PaymentStatus = Row<'payments'>['status'];

/** Statuses of an attempt whose outcome is not settled yet. */
const IN_FLIGHT = ['created', 'pending'] as const;

/** The columns an attempt is read from (`toAttempt`); the method as the contract names it. */
export type AttemptRow = Pick<
  Row<'payments'>,
  | 'id'
  | 'order_id'
  | 'site_code'
  | 'amount'
  | 'currency'
  | 'status'
  | 'payment_number'
  | 'idempotency_key'
  | 'provider_reference'
  | 'redirect_url'
  | 'refund_failed_at'
  | 'provider_account'
> & { method: PaymentMethodId };

export interface StoredAttempt extends PaymentAttempt {
  orderId: number;
  status: PaymentStatus;
  redirectUrl: string | null;
  refundFailed: boolean;
}

export function toAttempt(row: AttemptRow): StoredAttempt {
  return {
    id: Number(row.id),
    orderId: Number(row.order_id),
    method: row.method,
    siteCode: row.site_code,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    paymentNumber: row.payment_number,
    idempotencyKey: row.idempotency_key,
    providerReference: row.provider_reference,
    providerAccount: row.provider_account,
    redirectUrl: row.redirect_url,
    refundFailed: row.refund_failed_at !== null,
  };
}

const events = (list: ProviderEvent[]) => sql`${JSON.stringify(list)}::jsonb`;

/**
 * Writes a new attempt before any gateway is called. The idempotency key fits every gateway's order id
 * (GMO-PG: at most 27 of [A-Za-z0-9-]); the payment number is unguessable, as it travels in URLs.
 */
export async function insertAttempt(
  tx: Tx,
  input: {
    orderId: number;
    siteCode: SiteCode;
    method: PaymentMethodId;
    amount: number;
    currency: string;
    maskedCardNumber?: string;
    /** The process starting it (instance-lock.ts): while its lock is held, its gateway calls may still run. */
    instanceId?: number | null;
  },
): Promise<StoredAttempt> {
  const { rows } = await tx.execute<AttemptRow>(sql`
    INSERT INTO payments (order_id, site_code, method, amount, currency, payment_number, idempotency_key,
                          masked_card_number, instance_id)
    VALUES (${input.orderId}, ${input.siteCode}, ${input.method}, ${input.amount}, ${input.currency},
            ${randomToken()}, ${`k-${randomBytes(12).toString('hex')}`},
            ${input.maskedCardNumber ?? null}, ${input.instanceId ?? null})
    RETURNING *`);
  return toAttempt(rows[0]!);
}

/** The attempt of an order that is still in flight (at most one: a unique index), if any. */
export async function inFlightAttemptId(tx: Tx, orderId: number): Promise<number | undefined> {
  const { rows } = await tx.execute<Pick<Row<'payments'>, 'id'>>(sql`
    SELECT id FROM payments
    WHERE order_id = ${orderId} AND status = ANY(${sql.param([...IN_FLIGHT])}::text[])`);
  return rows[0] ? Number(rows[0].id) : undefined;
}

async function settle(
  tx: Tx,
  id: number,
  from: readonly PaymentStatus[],
  set: SQL,
  providerEvents: ProviderEvent[],
  /** The audit event's action when the row changed (ADR 065); none for a mere wait. */
  action: OrderTimelineAuditAction | null,
): Promise<boolean> {
  const { rows } = await tx.execute<
    Pick<Row<'payments'>, 'site_code' | 'order_id' | 'amount' | 'method' | 'status' | 'failure_code'>
  >(sql`
    UPDATE payments SET ${set}, provider_events = provider_events || ${events(providerEvents)},
                        updated_at = now()
    WHERE id = ${id} AND status = ANY(${sql.param([...from])}::text[])
    RETURNING id, site_code, order_id, amount, method, status, failure_code`);
  const row = rows[0];
  if (row && action) {
    // Settled by the visitor's return, a gateway's notification or the reconciliation job alike.
    await recordAudit(tx, {
      actor: { kind: 'system', label: 'payment settlement' },
      siteCode: row.site_code,
      objectType: 'payment',
      objectId: String(id),
      action,
      after: {
        order_id: Number(row.order_id),
        amount: Number(row.amount),
        method: row.method,
        status: row.status,
        failure_code: row.failure_code,
      },
    });
  }
  return rows.length === 1;
}

/** The money is taken. */
export function markConfirmed(tx: Tx, id: number, reference: string | null, providerEvents: ProviderEvent[]) {
  return settle(
    tx,
    id,
    IN_FLIGHT,
    sql`status = 'confirmed', confirmed_at = now(),
        provider_reference = COALESCE(${reference}, provider_reference)`,
    providerEvents,
    'payment_confirmed',
  );
}

/** Nothing was taken; `code` says why (the gateway's code, for support). */
export function markFailed(
  tx: Tx,
  id: number,
  code: string,
  reference: string | null,
  providerEvents: ProviderEvent[],
) {
  return settle(
    tx,
    id,
    IN_FLIGHT,
    sql`status = 'failed', failure_code = ${code},
        provider_reference = COALESCE(${reference}, provider_reference)`,
    providerEvents,
    'payment_failed',
  );
}

/** The gateway waits for the browser (redirect) or for itself (outcome unknown: redirectUrl null). */
export function markPending(
  tx: Tx,
  id: number,
  reference: string | null,
  redirectUrl: string | null,
  providerEvents: ProviderEvent[],
) {
  return settle(
    tx,
    id,
    IN_FLIGHT,
    sql`status = 'pending', redirect_url = ${redirectUrl},
        provider_reference = COALESCE(${reference}, provider_reference)`,
    providerEvents,
    null,
  );
}

export function markRefunded(tx: Tx, id: number, providerEvents: ProviderEvent[]) {
  return settle(
    tx,
    id,
    ['confirmed'],
    sql`status = 'refunded', refund_failed_at = NULL`,
    providerEvents,
    'payment_refunded',
  );
}

/** A refund the gateway refused or never answered: the money is still taken; staff must act. */
export function markRefundFailed(tx: Tx, id: number, providerEvents: ProviderEvent[]) {
  return settle(
    tx,
    id,
    ['confirmed'],
    sql`refund_failed_at = now()`,
    providerEvents,
    'payment_refund_failed',
  );
}

/**
 * Stores the gateway account an attempt is being made in (ADR 127), before the call that creates it there,
 * so every later call finds that account. Set once: answers the account stored, the first one when a second
 * write differs, so the caller never creates the attempt in a second account.
 */
export async function recordProviderAccount(
  db: Pick<Tx, 'execute'>,
  id: number,
  account: string,
): Promise<string | null> {
  const { rows } = await db.execute<Pick<Row<'payments'>, 'provider_account'>>(sql`
    UPDATE payments SET provider_account = COALESCE(provider_account, ${account})
    WHERE id = ${id} RETURNING provider_account`);
  return rows[0]?.provider_account ?? null;
}

/**
 * The "exec sent" mark (ADR 047, migration 0710), committed before the gateway call that can charge. Only
 * while the attempt is still `created` and nobody has read it as abandoned: the row lock orders this write
 * and claimAbandoned's, so a charging call is never sent for an attempt someone declared never executed.
 */
export async function markChargeSent(db: Pick<Tx, 'execute'>, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    UPDATE payments SET exec_sent_at = now()
    WHERE id = ${id} AND status = 'created' AND abandoned_at IS NULL
    RETURNING id`);
  return rows.length === 1;
}

/**
 * Takes the right to read an attempt nobody will continue as abandoned (the provider's `abandon`, where
 * "unprocessed" means "never executed"): granted when no charging call was marked as sent (and none can be
 * from now on, markChargeSent), or the mark is older than `windowMs`, past which the gateway has finished
 * whatever it received. Refused: the gateway may still be executing it; ask its plain status instead.
 */
export async function claimAbandoned(
  db: Pick<Tx, 'execute'>,
  id: number,
  windowMs: number,
): Promise<boolean> {
  const { rows } = await db.execute(sql`
    UPDATE payments SET abandoned_at = COALESCE(abandoned_at, now())
    WHERE id = ${id} AND status = ANY(${sql.param([...IN_FLIGHT])}::text[])
      AND (exec_sent_at IS NULL OR exec_sent_at <= now() - make_interval(secs => ${windowMs / 1000}))
    RETURNING id`);
  return rows.length === 1;
}

/** One attempt by id, as providers and settleAttempt take it. */
export async function attemptById(db: Pick<Tx, 'execute'>, id: number): Promise<StoredAttempt | undefined> {
  const { rows } = await db.execute<AttemptRow>(sql`SELECT * FROM payments WHERE id = ${id}`);
  return rows[0] && toAttempt(rows[0]);
}

/** Appends a summary of an exchange (a browser return, a notification) without changing the status. */
export async function recordEvents(db: Pick<Tx, 'execute'>, id: number, providerEvents: ProviderEvent[]) {
  await db.execute(sql`
    UPDATE payments SET provider_events = provider_events || ${events(providerEvents)}, updated_at = updated_at
    WHERE id = ${id}`);
}

/** How a gateway's return names an attempt: our payment number, or the gateway's own reference. */
export type AttemptLocator = { paymentNumber: string } | { providerReference: string };

/**
 * The attempt a return or notification names, on the site it came for (a payment number of another site
 * finds nothing). Read without a lock: every change the caller then makes is conditional (settleAttempt).
 */
export async function findAttempt(
  db: Pick<Tx, 'execute'>,
  site: SiteCode,
  locator: AttemptLocator,
): Promise<StoredAttempt | undefined> {
  const where =
    'paymentNumber' in locator
      ? sql`payment_number = ${locator.paymentNumber}`
      : sql`provider_reference = ${locator.providerReference}`;
  const { rows } = await db.execute<AttemptRow>(
    sql`SELECT * FROM payments WHERE ${where} AND site_code = ${site}`,
  );
  return rows[0] ? toAttempt(rows[0]) : undefined;
}

/**
 * The attempt a gateway's notification names by our idempotency key (its order id). Any site: the key is
 * unique across sites, and the notification is verified (signed) before this is asked.
 */
export async function findAttemptByIdempotencyKey(
  db: Pick<Tx, 'execute'>,
  idempotencyKey: string,
): Promise<StoredAttempt | undefined> {
  const { rows } = await db.execute<AttemptRow>(
    sql`SELECT * FROM payments WHERE idempotency_key = ${idempotencyKey}`,
  );
  return rows[0] ? toAttempt(rows[0]) : undefined;
}
