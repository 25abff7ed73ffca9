import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { transactionWithTimeouts } from '../../db/timeouts.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import type { MailKind } from './mail-kinds.ts';
import { isPermanentFailure, SMTP_SEND_LIMIT_MS, type MailTransport } from './mail-transport.ts';
import { outboxMailOf, type OutboxRow } from './outbox-mails.ts';
import { renderMail, type RenderedMail } from './templates/render-mail.ts';

/** How the worker retries (ADR 016). */
export interface DeliveryPolicy {
  /** Rows claimed per transaction. */
  batchSize: number;
  /** After this many failed attempts a row is `failed` (kept in the outbox, logged). */
  maxAttempts: number;
  /** Wait after the first failure; doubles after each further one, up to the cap. */
  backoffBaseMs: number;
  backoffCapMs: number;
}

/** 30 s, 1 min, 2 min, ... capped at 1 h: 24 attempts keep a mail trying for about 19 hours of outage. */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  batchSize: 10,
  maxAttempts: 24,
  backoffBaseMs: 30_000,
  backoffCapMs: 3_600_000,
};

/** The wait before the next attempt after `failures` failed attempts (1 or more). */
export function retryDelayMs(failures: number, policy: DeliveryPolicy): number {
  return Math.min(policy.backoffCapMs, policy.backoffBaseMs * 2 ** Math.max(0, failures - 1));
}

export interface DeliveryContext {
  transport: MailTransport;
  policy: DeliveryPolicy;
  /** Host of Message-IDs and calendar UIDs (the public host). */
  host: string;
  /** A row given up on (last attempt, or a permanent refusal). */
  onGiveUp?: (mail: { id: number; kind: MailKind; to: string; attempts: number }, error: unknown) => void;
}

export interface BatchOutcome {
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
}

/** The columns a delivery reads. */
type DueRow = Pick<OutboxRow, 'id' | 'site_code' | 'kind' | 'to_address' | 'lang' | 'payload' | 'attempts'>;

/** The Message-ID of an outbox row: the same on every delivery of that row. */
export function outboxMessageId(id: number, host: string): string {
  return `<mail-${id}@${host}>`;
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

async function markDelivered(tx: Tx, row: DueRow, status: string, messageId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE mail_outbox SET status = ${status}, attempts = ${row.attempts + 1}, sent_at = now(),
      message_id = ${messageId}, last_error = NULL
    WHERE id = ${row.id}`);
}

async function markFailedAttempt(
  tx: Tx,
  row: DueRow,
  error: unknown,
  retryable: boolean,
  context: DeliveryContext,
): Promise<'retrying' | 'failed'> {
  const attempts = row.attempts + 1;
  const giveUp = !retryable || attempts >= context.policy.maxAttempts;
  await tx.execute(sql`
    UPDATE mail_outbox SET attempts = ${attempts}, last_error = ${describe(error)},
      status = ${giveUp ? 'failed' : 'pending'},
      next_attempt_at = now() + make_interval(secs => ${retryDelayMs(attempts, context.policy) / 1000})
    WHERE id = ${row.id}`);
  if (giveUp) context.onGiveUp?.({ id: row.id, kind: row.kind, to: row.to_address, attempts }, error);
  return giveUp ? 'failed' : 'retrying';
}

/** A row the SMTP server accepted in the batch in flight, in case its transaction is cut before it commits. */
interface Accepted {
  row: DueRow;
  status: string;
  messageId: string;
}

async function deliverOne(
  tx: Tx,
  row: DueRow,
  context: DeliveryContext,
  accepted: Accepted[],
): Promise<keyof BatchOutcome> {
  let rendered: RenderedMail;
  try {
    rendered = renderMail(outboxMailOf(row), { uidHost: context.host });
  } catch (error) {
    // A payload the template cannot render will not render on the next try either.
    return markFailedAttempt(tx, row, error, false, context);
  }
  const messageId = outboxMessageId(row.id, context.host);
  try {
    await context.transport.send({ ...rendered, to: row.to_address, messageId });
  } catch (error) {
    // Connection refused, timeouts, 4xx: try again later. A 5xx refusal (no such mailbox) will not change.
    return markFailedAttempt(tx, row, error, !isPermanentFailure(error), context);
  }
  accepted.push({ row, status: context.transport.delivers, messageId });
  await markDelivered(tx, row, context.transport.delivers, messageId);
  return 'delivered';
}

/**
 * The batch's transaction was cut (its connection terminated, the idle-in-transaction timeout, a
 * failover) after the SMTP server had accepted some of its rows: their marks are lost with it, but the
 * row locks are too, so they are marked again on a fresh connection, only while still pending as this
 * worker left them. Without it each would be sent a second time (ADR 046). When the database is still
 * away this fails too and they are sent again later, with the same Message-ID (ADR 016).
 */
async function markAcceptedAfterCut(db: Db, accepted: Accepted[]): Promise<void> {
  for (const { row, status, messageId } of accepted) {
    await db.execute(sql`
      UPDATE mail_outbox SET status = ${status}, attempts = ${row.attempts + 1}, sent_at = now(),
        message_id = ${messageId}, last_error = NULL
      WHERE id = ${row.id} AND status = 'pending' AND attempts = ${row.attempts}`);
  }
}

/** A few tries a moment apart: a failover or a terminated session is often over within a second. */
async function markAcceptedSoon(db: Db, accepted: Accepted[]): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await markAcceptedAfterCut(db, accepted);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
  }
}

/**
 * Sends one batch of due outbox rows (ADR 016). The rows are claimed `FOR UPDATE SKIP LOCKED`, so any
 * number of workers in any number of processes share the queue without taking a row twice; each row is
 * marked in the SAME transaction that claimed it, after the server accepted it. A crash between the SMTP
 * accept and the commit leaves the row pending: it is sent again (at least once, with the same Message-ID),
 * never lost. A failure leaves it pending with a growing delay, then `failed` after the last attempt.
 * The transaction stays idle while the SMTP server answers: it may, for as long as one send can take,
 * whatever the pool's idle-in-transaction timeout for visitors' calls (ADR 046).
 */
export async function deliverDueMails(db: Db, context: DeliveryContext): Promise<BatchOutcome> {
  const accepted: Accepted[] = [];
  try {
    return await transactionWithTimeouts(
      db,
      { idleInTransactionMs: SMTP_SEND_LIMIT_MS + 10_000 },
      async (tx) => {
        const { rows } = await tx.execute<DueRow>(sql`
          SELECT id, site_code, kind, to_address, lang, payload, attempts FROM mail_outbox
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id
          LIMIT ${context.policy.batchSize}
          FOR UPDATE SKIP LOCKED`);
        const outcome: BatchOutcome = { claimed: rows.length, delivered: 0, retrying: 0, failed: 0 };
        for (const row of rows) {
          outcome[await deliverOne(tx, { ...row, id: Number(row.id) }, context, accepted)]++;
        }
        return outcome;
      },
    );
  } catch (error) {
    if (accepted.length > 0 && isDatabaseUnavailable(error)) await markAcceptedSoon(db, accepted);
    throw error;
  }
}
