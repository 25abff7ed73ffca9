import { sql } from 'drizzle-orm';
import type { LangCode } from '@kippu/contract';
import type { SecretKeyring } from '../../config/secrets-key.ts';
import type { Db, Tx } from '../../db/client.ts';
import { storable } from '../audit/audit-redaction.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { postWebhook, type PostOutcome } from './post-webhook.ts';
import { eventBody } from './webhook-body.ts';
import { openWebhookSecret, webhookSignature } from './webhook-secret.ts';
import type { TargetPolicy } from './webhook-target.ts';

/**
 * Delivers due webhook deliveries (issue 30, ADR 087), one batch per run of the `webhooks.deliveries` job.
 * A try is claimed in its own committed transaction (FOR UPDATE SKIP LOCKED: two processes never take one
 * delivery; the try is counted and its row written before the POST; `next_attempt_at` moves to the end of a
 * lease), then POSTed outside any transaction, then recorded. A process killed during the POST leaves the
 * try `interrupted` in the log and the delivery due again when the lease ends: delivered at least once, the
 * same event id every time (receivers deduplicate on it).
 */

const MINUTE = 60_000;

/**
 * The retry schedule: the wait after the n-th failed try (1 min, doubling, capped at 12 h): tries at 0, 1, 3,
 * 7, 15, 31 min, 1 h 03, 2 h 07, 4 h 15, 8 h 31, 17 h 03, then every 12 h: the 16th and last try at about
 * 77 h (three days and a bit). Past it the delivery is `failed`.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  ...[1, 2, 4, 8, 16, 32, 64, 128, 256, 512].map((minutes) => minutes * MINUTE),
  ...Array.from({ length: 5 }, () => 720 * MINUTE),
];

export interface WebhookDeliveryPolicy {
  /** Waits after each failed try; its length + 1 is the number of tries. */
  retryDelaysMs: readonly number[];
  /** One POST, connection to end. */
  timeoutMs: number;
  /** How long a claimed try holds its delivery; past it (a killed process) the delivery is due again. */
  leaseMs: number;
  /** Deliveries failed in a row (all tries used, or 410) that disable the subscription. */
  failuresToDisable: number;
  batchSize: number;
}

export const DEFAULT_WEBHOOK_POLICY: WebhookDeliveryPolicy = {
  retryDelaysMs: RETRY_DELAYS_MS,
  timeoutMs: 10_000,
  leaseMs: 2 * MINUTE,
  failuresToDisable: 3,
  batchSize: 10,
};

export interface WebhookDeliveryContext {
  keys: SecretKeyring;
  target: TargetPolicy;
  policy: WebhookDeliveryPolicy;
  /** The console page of a subscription, for the mail that says it was disabled. */
  webhookPageUrl: (subscriptionId: number) => string;
}

type ClaimedTry = {
  delivery_id: string;
  subscription_id: string;
  event_id: string;
  attempt_count: number;
  manual: boolean;
};

async function claimDue(db: Db, policy: WebhookDeliveryPolicy): Promise<ClaimedTry[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<ClaimedTry>(sql`
      WITH due AS (
        SELECT d.id FROM webhook_deliveries d
        JOIN webhook_subscriptions s ON s.id = d.subscription_id
        WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND (s.enabled OR d.manual)
        ORDER BY d.next_attempt_at, d.id
        LIMIT ${policy.batchSize}
        FOR UPDATE OF d SKIP LOCKED)
      UPDATE webhook_deliveries d
      SET attempt_count = d.attempt_count + 1,
          next_attempt_at = now() + make_interval(secs => ${policy.leaseMs / 1000})
      FROM due WHERE d.id = due.id
      RETURNING d.id AS delivery_id, d.subscription_id, d.event_id, d.attempt_count, d.manual`);
    for (const row of rows) {
      await tx.execute(sql`
        INSERT INTO webhook_attempts (delivery_id, number, manual)
        VALUES (${row.delivery_id}, ${row.attempt_count}, ${row.manual})
        ON CONFLICT (delivery_id, number) DO NOTHING`);
    }
    return rows;
  });
}

/** The secrets that sign now: the current one, and the previous one during its grace period. */
async function signingTarget(db: Db, keys: SecretKeyring, subscriptionId: number) {
  const { rows } = await db.execute<{
    url: string;
    secret_sealed: string;
    previous_secret_sealed: string | null;
    previous_valid: boolean;
  }>(sql`
    SELECT url, secret_sealed, previous_secret_sealed, previous_secret_expires_at > now() AS previous_valid
    FROM webhook_subscriptions WHERE id = ${subscriptionId}`);
  const row = rows[0];
  if (!row) return null;
  const secrets = [openWebhookSecret(keys, subscriptionId, row.secret_sealed)];
  if (row.previous_secret_sealed && row.previous_valid)
    secrets.push(openWebhookSecret(keys, subscriptionId, row.previous_secret_sealed));
  return { url: row.url, secrets };
}

/** The headers of one try: the event id, the time and the signature over "<timestamp>.<body>". */
export function webhookHeaders(
  eventId: string,
  secrets: readonly string[],
  body: string,
  now = Date.now(),
): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'user-agent': 'Kippu-Webhooks/1',
    'kippu-webhook-id': eventId,
    'kippu-webhook-timestamp': String(timestamp),
    'kippu-webhook-signature': webhookSignature(secrets, timestamp, body),
  };
}

async function attemptOnce(db: Db, context: WebhookDeliveryContext, claimed: ClaimedTry): Promise<void> {
  const subscriptionId = Number(claimed.subscription_id);
  let outcome: PostOutcome;
  try {
    const target = await signingTarget(db, context.keys, subscriptionId);
    if (!target) return; // deleted meanwhile: its deliveries went with it
    const body = await eventBody(db, Number(claimed.event_id));
    const publicId = (JSON.parse(body) as { id: string }).id;
    outcome = await postWebhook(target.url, webhookHeaders(publicId, target.secrets, body), body, {
      policy: context.target,
      timeoutMs: context.policy.timeoutMs,
    });
  } catch (error) {
    // A secret that cannot be opened (SECRETS_KEY changed without its previous key): a failed try, logged.
    outcome = { statusCode: null, durationMs: 0, error: 'internal_error', excerpt: null };
    void error;
  }
  await recordOutcome(db, context, claimed, outcome);
}

const succeeded = (outcome: PostOutcome) =>
  outcome.error === null &&
  outcome.statusCode !== null &&
  outcome.statusCode >= 200 &&
  outcome.statusCode < 300;

async function recordOutcome(
  db: Db,
  context: WebhookDeliveryContext,
  claimed: ClaimedTry,
  outcome: PostOutcome,
): Promise<void> {
  const deliveryId = Number(claimed.delivery_id);
  const subscriptionId = Number(claimed.subscription_id);
  const number = claimed.attempt_count;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE webhook_attempts SET finished_at = now(), status_code = ${outcome.statusCode},
        duration_ms = ${outcome.durationMs}, error = ${outcome.error},
        response_excerpt = ${outcome.excerpt === null ? null : storable(outcome.excerpt)}
      WHERE delivery_id = ${deliveryId} AND number = ${number}`);
    // Fenced: only the latest try of a still pending delivery decides (a try whose lease ended and was taken
    // again by another process records its answer in the log, nothing more).
    const { rows } = await tx.execute<{ id: string }>(sql`
      SELECT id FROM webhook_deliveries
      WHERE id = ${deliveryId} AND status = 'pending' AND attempt_count = ${number} FOR UPDATE`);
    if (!rows[0]) return;
    const { rows: subscriptions } = await tx.execute<{ enabled: boolean; consecutive_failures: number }>(sql`
      SELECT enabled, consecutive_failures FROM webhook_subscriptions WHERE id = ${subscriptionId} FOR UPDATE`);
    const subscription = subscriptions[0];
    if (!subscription) return;
    if (succeeded(outcome)) {
      await tx.execute(sql`
        UPDATE webhook_deliveries SET status = 'delivered', next_attempt_at = NULL WHERE id = ${deliveryId}`);
      await tx.execute(sql`
        UPDATE webhook_subscriptions SET consecutive_failures = 0 WHERE id = ${subscriptionId}`);
      return;
    }
    const gone = outcome.statusCode === 410;
    const lastTry = claimed.manual || gone || number > context.policy.retryDelaysMs.length;
    if (!lastTry) {
      const waitMs = context.policy.retryDelaysMs[number - 1]!;
      await tx.execute(sql`
        UPDATE webhook_deliveries SET next_attempt_at = now() + make_interval(secs => ${waitMs / 1000})
        WHERE id = ${deliveryId}`);
      return;
    }
    await tx.execute(sql`
      UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL WHERE id = ${deliveryId}`);
    // A manual try (a redelivery, a ping) never counts towards disabling; a 410 always disables at once.
    const failures = claimed.manual
      ? subscription.consecutive_failures
      : subscription.consecutive_failures + 1;
    await tx.execute(sql`
      UPDATE webhook_subscriptions SET consecutive_failures = ${failures} WHERE id = ${subscriptionId}`);
    if (!subscription.enabled) return;
    if (gone) await disableSubscription(tx, context, subscriptionId, 'gone');
    else if (failures >= context.policy.failuresToDisable)
      await disableSubscription(tx, context, subscriptionId, 'failures');
  });
}

/**
 * Turns a subscription off and mails the organisation's owners (owner-like roles, as the staff area counts
 * them), in their languages, in the same transaction. Its deliveries still pending wait: they go out again
 * if an operator turns it back on. Audited as the system's change (object `webhook`, no event of its own).
 */
async function disableSubscription(
  tx: Tx,
  context: WebhookDeliveryContext,
  subscriptionId: number,
  reason: 'gone' | 'failures',
): Promise<void> {
  const { rows } = await tx.execute<{ organisation_id: string; url: string; organisation_name: string }>(sql`
    UPDATE webhook_subscriptions s SET enabled = false, disabled_reason = ${reason}, disabled_at = now(),
      updated_at = now()
    FROM organisations o WHERE s.id = ${subscriptionId} AND o.id = s.organisation_id
    RETURNING s.organisation_id, s.url, o.name AS organisation_name`);
  const subscription = rows[0]!;
  const organisationId = Number(subscription.organisation_id);
  await recordAudit(tx, {
    actor: { kind: 'system', label: 'webhooks' },
    organisationId,
    objectType: 'webhook',
    objectId: String(subscriptionId),
    action: 'disabled',
    after: { reason },
  });
  // The mail goes out under the organisation's first site (its branding and sender), never another
  // organisation's: one without sites gets no mail (its audit row above still records the disabling).
  const { rows: sites } = await tx.execute<{ code: string }>(sql`
    SELECT code FROM sites WHERE organisation_id = ${organisationId} ORDER BY position, code LIMIT 1`);
  const siteCode = sites[0]?.code;
  if (!siteCode) return;
  const { rows: owners } = await tx.execute<{ email: string; lang: LangCode }>(sql`
    SELECT DISTINCT st.email, st.lang
    FROM staff_memberships m JOIN staff st ON st.id = m.staff_id JOIN staff_roles r ON r.id = m.role_id
    WHERE m.organisation_id = ${organisationId} AND st.deleted_at IS NULL
      AND r.permissions->>'staff' = 'write' AND (r.limits->>'staffNotOwners') IS DISTINCT FROM 'true'`);
  const target = new URL(subscription.url);
  for (const owner of owners) {
    await enqueueMail(tx, {
      kind: 'webhook_disabled',
      siteCode,
      to: owner.email,
      lang: owner.lang,
      payload: {
        organisationName: subscription.organisation_name,
        // Origin and path only: a receiver's URL may carry a token in its query.
        target: `${target.origin}${target.pathname}`,
        reason,
        webhookUrl: context.webhookPageUrl(subscriptionId),
      },
    });
  }
}

/** One batch: claims due tries, POSTs them side by side, records each. Answers how many were claimed. */
export async function deliverDueWebhooks(db: Db, context: WebhookDeliveryContext): Promise<number> {
  const claimed = await claimDue(db, context.policy);
  await Promise.all(claimed.map((one) => attemptOnce(db, context, one)));
  return claimed.length;
}
