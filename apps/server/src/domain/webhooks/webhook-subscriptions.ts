import { sql } from 'drizzle-orm';
import type { WebhookBody, WebhookView } from '@kippu/contract/console/webhooks-schemas';
import type { SecretKeyring } from '../../config/secrets-key.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secret.ts';
import { checkedAddresses, type TargetPolicy } from './webhook-target.ts';

/**
 * An organisation's webhook subscriptions (issue 30, ADR 087). Every write is audited in its transaction
 * (object `webhook`, which maps to no event type: a subscription's change is never itself a webhook event);
 * the audit row carries the subscription as the console reads it, never its secret.
 */

export interface WebhookDeps {
  keys: SecretKeyring;
  policy: TargetPolicy;
}

export interface WebhookWrite {
  organisationId: number;
  actor: AuditActor;
}

type SubscriptionRow = {
  id: string | number;
  url: string;
  description: string;
  event_types: string[];
  site_codes: string[] | null;
  enabled: boolean;
  disabled_reason: WebhookView['disabled_reason'];
  disabled_at: Date | null;
  consecutive_failures: number;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = sql.raw(`id, url, description, event_types, site_codes, enabled, disabled_reason, disabled_at,
  consecutive_failures, previous_secret_expires_at, created_at, updated_at`);

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function webhookView(row: SubscriptionRow): WebhookView {
  return {
    id: Number(row.id),
    url: row.url,
    description: row.description,
    event_types: row.event_types as WebhookView['event_types'],
    site_codes: row.site_codes,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    disabled_at: iso(row.disabled_at),
    consecutive_failures: row.consecutive_failures,
    // A grace period that ended is no period: the old secret no longer signs.
    previous_secret_expires_at:
      row.previous_secret_expires_at && new Date(row.previous_secret_expires_at) > new Date()
        ? iso(row.previous_secret_expires_at)
        : null,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export async function listWebhooks(db: Db, organisationId: number): Promise<WebhookView[]> {
  const { rows } = await db.execute<SubscriptionRow>(sql`
    SELECT ${COLUMNS} FROM webhook_subscriptions WHERE organisation_id = ${organisationId} ORDER BY id`);
  return rows.map(webhookView);
}

/** One subscription of the organisation; another organisation's answers 404. */
export async function getWebhook(db: Db | Tx, organisationId: number, id: number): Promise<WebhookView> {
  return webhookView(await subscriptionRow(db, organisationId, id, false));
}

async function subscriptionRow(
  db: Db | Tx,
  organisationId: number,
  id: number,
  lock: boolean,
): Promise<SubscriptionRow> {
  const { rows } = await db.execute<SubscriptionRow>(sql`
    SELECT ${COLUMNS} FROM webhook_subscriptions WHERE id = ${id} AND organisation_id = ${organisationId}
    ${lock ? sql`FOR UPDATE` : sql``}`);
  if (!rows[0]) throw new AppError('record_not_found');
  return rows[0];
}

/** The sites named must be the organisation's (another's answers 404, as its subscription would). */
async function checkSites(tx: Tx, organisationId: number, siteCodes: string[] | null): Promise<void> {
  if (siteCodes === null) return;
  const { rows } = await tx.execute<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM sites
    WHERE organisation_id = ${organisationId} AND code = ANY(${sql.param([...new Set(siteCodes)])}::text[])`);
  if (rows[0]!.count !== new Set(siteCodes).size) throw new AppError('record_not_found');
}

const textArray = (values: readonly string[] | null) =>
  values === null ? sql`NULL` : sql`${sql.param([...new Set(values)])}::text[]`;

/** A new subscription and its secret, shown this once. The target is checked first (webhook-target.ts). */
export async function createWebhook(
  db: Db,
  deps: WebhookDeps,
  write: WebhookWrite & { body: WebhookBody },
): Promise<{ webhook: WebhookView; secret: string }> {
  const { body } = write;
  await checkedAddresses(deps.policy, body.url);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    await checkSites(tx, write.organisationId, body.site_codes);
    const { rows: ids } = await tx.execute<{ id: string }>(
      sql`SELECT nextval('webhook_subscriptions_id_seq') AS id`,
    );
    const id = Number(ids[0]!.id);
    const enabled = body.enabled;
    await tx.execute(sql`
      INSERT INTO webhook_subscriptions (id, organisation_id, url, description, event_types, site_codes,
        enabled, disabled_reason, disabled_at, secret_sealed, created_by)
      VALUES (${id}, ${write.organisationId}, ${body.url}, ${body.description},
        ${textArray(body.event_types)}, ${textArray(body.site_codes)}, ${enabled},
        ${enabled ? null : 'staff'}, ${enabled ? null : sql`now()`}, ${sealWebhookSecret(deps.keys, id, secret)},
        ${write.actor.staffId ?? null})`);
    const webhook = await getWebhook(tx, write.organisationId, id);
    await audit(tx, write, id, 'create', undefined, webhook);
    return { webhook, secret };
  });
}

/** Replaces a subscription's target, types, sites and switch; turning it on again clears its failures. */
export async function updateWebhook(
  db: Db,
  deps: WebhookDeps,
  write: WebhookWrite & { id: number; body: WebhookBody },
): Promise<WebhookView> {
  const { body } = write;
  // Another organisation's id answers 404 before its target is judged (a refusal would say it exists).
  await getWebhook(db, write.organisationId, write.id);
  await checkedAddresses(deps.policy, body.url);
  return db.transaction(async (tx) => {
    const before = webhookView(await subscriptionRow(tx, write.organisationId, write.id, true));
    await checkSites(tx, write.organisationId, body.site_codes);
    await tx.execute(sql`
      UPDATE webhook_subscriptions SET url = ${body.url}, description = ${body.description},
        event_types = ${textArray(body.event_types)}, site_codes = ${textArray(body.site_codes)},
        enabled = ${body.enabled},
        disabled_reason = CASE WHEN ${body.enabled} THEN NULL ELSE COALESCE(disabled_reason, 'staff') END,
        disabled_at = CASE WHEN ${body.enabled} THEN NULL ELSE COALESCE(disabled_at, now()) END,
        consecutive_failures = CASE WHEN ${body.enabled} AND NOT enabled THEN 0 ELSE consecutive_failures END,
        updated_at = now()
      WHERE id = ${write.id}`);
    const after = await getWebhook(tx, write.organisationId, write.id);
    await audit(tx, write, write.id, 'update', before, after);
    return after;
  });
}

/** Deletes a subscription with its log (deliveries still waiting go with it). */
export async function deleteWebhook(db: Db, write: WebhookWrite & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const before = webhookView(await subscriptionRow(tx, write.organisationId, write.id, true));
    await tx.execute(sql`DELETE FROM webhook_subscriptions WHERE id = ${write.id}`);
    await audit(tx, write, write.id, 'delete', before, undefined);
  });
}

/**
 * A new secret, shown this once; the current one becomes the previous and keeps signing beside it for
 * `graceHours` (0: at once no more). A rotation during a grace period drops the older previous secret.
 */
export async function rotateWebhookSecret(
  db: Db,
  deps: WebhookDeps,
  write: WebhookWrite & { id: number; graceHours: number },
): Promise<{ webhook: WebhookView; secret: string }> {
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    await subscriptionRow(tx, write.organisationId, write.id, true);
    const grace = write.graceHours > 0;
    await tx.execute(sql`
      UPDATE webhook_subscriptions SET
        previous_secret_sealed = ${grace ? sql`secret_sealed` : null},
        previous_secret_expires_at = ${grace ? sql`now() + make_interval(hours => ${write.graceHours})` : null},
        secret_sealed = ${sealWebhookSecret(deps.keys, write.id, secret)}, updated_at = now()
      WHERE id = ${write.id}`);
    const webhook = await getWebhook(tx, write.organisationId, write.id);
    await audit(tx, write, write.id, 'rotate_secret', undefined, {
      previous_secret_expires_at: webhook.previous_secret_expires_at,
    });
    return { webhook, secret };
  });
}

function audit(
  tx: Tx,
  write: WebhookWrite,
  id: number,
  action: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  return recordAudit(tx, {
    actor: write.actor,
    organisationId: write.organisationId,
    objectType: 'webhook',
    objectId: String(id),
    action,
    before,
    after,
  });
}
