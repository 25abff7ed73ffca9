import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { MailKind } from './mail-kinds.ts';
import { isPermanentFailure, type MailTransport } from './mail-transport.ts';
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

async function deliverOne(tx: Tx, row: DueRow, context: DeliveryContext): Promise<keyof BatchOutcome> {
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
  await markDelivered(tx, row, context.transport.delivers, messageId);
  return 'delivered';
}

/**
 * Sends one batch of due outbox rows (ADR 016). The rows are claimed `FOR UPDATE SKIP LOCKED`, so any
 * number of workers in any number of processes share the queue without taking a row twice; each row is
 * marked in the SAME transaction that claimed it, after the server accepted it. A crash between the SMTP
 * accept and the commit leaves the row pending: it is sent again (at least once, with the same Message-ID),
 * never lost. A failure leaves it pending with a growing delay, then `failed` after the last attempt.
 */
export async function deliverDueMails(db: Db, context: DeliveryContext): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<DueRow>(sql`
      SELECT id, site_code, kind, to_address, lang, payload, attempts FROM mail_outbox
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id
      LIMIT ${context.policy.batchSize}
      FOR UPDATE SKIP LOCKED`);
    const outcome: BatchOutcome = { claimed: rows.length, delivered: 0, retrying: 0, failed: 0 };
    for (const row of rows) outcome[await deliverOne(tx, { ...row, id: Number(row.id) }, context)]++;
    return outcome;
  });
}
