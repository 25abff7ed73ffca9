import { sql } from 'drizzle-orm';
import type { WebhookDeliveryView } from '@kippu/contract/console/webhooks-schemas';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { getWebhook, type WebhookScope } from './webhook-subscriptions.ts';

/**
 * A subscription's delivery log (issue 30, ADR 087), a manual redelivery and a ping. Both writes are
 * deliveries on the job mechanism like every other (`webhooks.deliveries`), with one try and no schedule,
 * and are audited (object `webhook`: never a webhook event themselves).
 */

/** The job queue kicked when a delivery is due now (the audit trigger of migration 0970 kicks it too). */
export const WEBHOOK_KICK_QUEUE = 'webhooks.kick';

/** An in-flight try older than this is read as interrupted (its process died): the lease is shorter. */
const INTERRUPTED_AFTER = sql`interval '10 minutes'`;

type DeliveryRow = {
  id: string;
  event_public_id: string;
  event_type: string;
  site_code: string | null;
  status: WebhookDeliveryView['status'];
  next_attempt_at: Date | null;
  created_at: Date;
  attempts: {
    number: number;
    started_at: string;
    finished_at: string | null;
    status_code: number | null;
    duration_ms: number | null;
    error: string | null;
    response_excerpt: string | null;
    manual: boolean;
    interrupted: boolean;
  }[];
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function deliveryView(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: Number(row.id),
    event_id: row.event_public_id,
    event_type: row.event_type as WebhookDeliveryView['event_type'],
    site_code: row.site_code,
    status: row.status,
    attempts: row.attempts.map((attempt) => ({
      number: attempt.number,
      at: iso(attempt.started_at)!,
      status_code: attempt.status_code,
      duration_ms: attempt.duration_ms ?? 0,
      error: attempt.error ?? (attempt.interrupted ? 'interrupted' : null),
      response_excerpt: attempt.response_excerpt,
      manual: attempt.manual,
    })),
    next_attempt_at: iso(row.next_attempt_at),
    created_at: iso(row.created_at)!,
  };
}

async function deliveries(db: Db | Tx, where: ReturnType<typeof sql>, limit: number): Promise<DeliveryRow[]> {
  const { rows } = await db.execute<DeliveryRow>(sql`
    SELECT d.id, e.public_id AS event_public_id, e.event_type, e.site_code, d.status, d.next_attempt_at,
      d.created_at,
      COALESCE((SELECT json_agg(json_build_object('number', a.number, 'started_at', a.started_at,
          'finished_at', a.finished_at, 'status_code', a.status_code, 'duration_ms', a.duration_ms,
          'error', a.error, 'response_excerpt', a.response_excerpt, 'manual', a.manual,
          'interrupted', a.finished_at IS NULL AND a.started_at < now() - ${INTERRUPTED_AFTER})
        ORDER BY a.number DESC) FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]') AS attempts
    FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
    WHERE ${where}
    ORDER BY d.id DESC LIMIT ${limit}`);
  return rows;
}

/** The log, newest first, `limit` at a time; `cursor` is the previous page's `next_cursor`. */
export async function listWebhookDeliveries(
  db: Db,
  scope: WebhookScope,
  subscriptionId: number,
  page: { cursor?: number | undefined; limit: number },
): Promise<{ deliveries: WebhookDeliveryView[]; next_cursor: number | null }> {
  await getWebhook(db, scope, subscriptionId);
  const rows = await deliveries(
    db,
    sql`d.subscription_id = ${subscriptionId} ${page.cursor === undefined ? sql`` : sql`AND d.id < ${page.cursor}`}`,
    page.limit + 1,
  );
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  return { deliveries: shown.map(deliveryView), next_cursor: more ? Number(shown.at(-1)!.id) : null };
}

/**
 * As the audit trigger kicks (migration 1196): only when the kick's advisory lock is free at once, so a console
 * call never waits for another transaction's uncommitted kick. The holder's kick, or the recurring delivery
 * round (WEBHOOK_INTERVAL_MS), delivers this one's delivery.
 */
async function kick(tx: Tx): Promise<void> {
  await tx.execute(sql`
    INSERT INTO jobs (queue, key) SELECT ${WEBHOOK_KICK_QUEUE}, 'kick' WHERE pg_try_advisory_xact_lock(87, 1)
    ON CONFLICT (queue, key) WHERE key IS NOT NULL DO NOTHING`);
}

async function oneDelivery(tx: Tx, deliveryId: number): Promise<WebhookDeliveryView> {
  return deliveryView((await deliveries(tx, sql`d.id = ${deliveryId}`, 1))[0]!);
}

/**
 * One more try of a delivery, now: the same event (same id, same body). A delivery still waiting for its
 * next scheduled try is tried now instead (its schedule then ends with this try). Answers the delivery.
 */
export async function redeliverWebhook(
  db: Db,
  input: WebhookScope & { subscriptionId: number; deliveryId: number; actor: AuditActor },
): Promise<WebhookDeliveryView> {
  return db.transaction(async (tx) => {
    await getWebhook(tx, input, input.subscriptionId);
    const { rows } = await tx.execute<{ id: string }>(sql`
      UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), manual = true
      WHERE id = ${input.deliveryId} AND subscription_id = ${input.subscriptionId}
      RETURNING id`);
    if (!rows[0]) throw new AppError('record_not_found');
    await kick(tx);
    await recordAudit(tx, {
      actor: input.actor,
      organisationId: input.organisationId,
      objectType: 'webhook',
      objectId: String(input.subscriptionId),
      action: 'redelivery',
      after: { delivery_id: input.deliveryId },
    });
    return oneDelivery(tx, input.deliveryId);
  });
}

/** Queues a `ping` event to this subscription alone (also when it is off), one try. */
export async function pingWebhook(
  db: Db,
  input: WebhookScope & { subscriptionId: number; actor: AuditActor },
): Promise<WebhookDeliveryView> {
  return db.transaction(async (tx) => {
    await getWebhook(tx, input, input.subscriptionId);
    const { rows } = await tx.execute<{ id: string }>(sql`
      WITH event AS (
        INSERT INTO webhook_events (event_type, organisation_id) VALUES ('ping', ${input.organisationId})
        RETURNING id)
      INSERT INTO webhook_deliveries (subscription_id, event_id, next_attempt_at, manual)
      SELECT ${input.subscriptionId}, id, now(), true FROM event
      RETURNING id`);
    const deliveryId = Number(rows[0]!.id);
    await kick(tx);
    await recordAudit(tx, {
      actor: input.actor,
      organisationId: input.organisationId,
      objectType: 'webhook',
      objectId: String(input.subscriptionId),
      action: 'ping',
      after: { delivery_id: deliveryId },
    });
    return oneDelivery(tx, deliveryId);
  });
}
