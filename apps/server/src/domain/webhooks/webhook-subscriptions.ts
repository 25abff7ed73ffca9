import { sql } from 'drizzle-orm';
import type { WebhookBody, WebhookView } from '@kippu/contract/console/webhooks-schemas';
import type { SecretKeyring } from '../../config/secrets-key.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditAction, type AuditActor } from '../audit/record-audit.ts';
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

/**
 * Whose subscriptions a request sees: the staff member's organisation and the sites their membership covers.
 * A subscription is theirs to see and change when every site it names is covered; one for every site (no
 * site limit, also sites added later) only when they cover every site of the organisation, the rule API
 * tokens follow (api-token-scope.ts, ADR 088). Any other answers 404, as another organisation's.
 */
export interface WebhookScope {
  organisationId: number;
  siteCodes: readonly string[];
}

export interface WebhookWrite extends WebhookScope {
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

const coveredSites = (scope: WebhookScope) => sql`${sql.param([...scope.siteCodes])}::text[]`;

/** Whether the member covers every site of the organisation (then "every site" is theirs too). */
const coversEverySite = (scope: WebhookScope) => sql`NOT EXISTS (
  SELECT 1 FROM sites WHERE organisation_id = ${scope.organisationId}
    AND NOT (code = ANY(${coveredSites(scope)})))`;

/** The subscriptions of the organisation the member may see (WebhookScope). */
const visibleTo = (scope: WebhookScope) => sql`organisation_id = ${scope.organisationId}
  AND (CASE WHEN site_codes IS NULL THEN ${coversEverySite(scope)} ELSE site_codes <@ ${coveredSites(scope)} END)`;

export async function listWebhooks(db: Db, scope: WebhookScope): Promise<WebhookView[]> {
  const { rows } = await db.execute<SubscriptionRow>(sql`
    SELECT ${COLUMNS} FROM webhook_subscriptions WHERE ${visibleTo(scope)} ORDER BY id`);
  return rows.map(webhookView);
}

/** One subscription the member may see; another organisation's, or one naming a site they do not cover, is 404. */
export async function getWebhook(db: Db | Tx, scope: WebhookScope, id: number): Promise<WebhookView> {
  return webhookView(await subscriptionRow(db, scope, id, false));
}

async function subscriptionRow(
  db: Db | Tx,
  scope: WebhookScope,
  id: number,
  lock: boolean,
): Promise<SubscriptionRow> {
  const { rows } = await db.execute<SubscriptionRow>(sql`
    SELECT ${COLUMNS} FROM webhook_subscriptions WHERE id = ${id} AND ${visibleTo(scope)}
    ${lock ? sql`FOR UPDATE` : sql``}`);
  if (!rows[0]) throw new AppError('record_not_found');
  return rows[0];
}

/**
 * The sites a subscription is to name: each of the organisation's and covered by the member (else 404, as an
 * uncovered site's objects are); "every site" only from a member who covers every site (else 400, as a token).
 */
async function checkSites(tx: Tx, scope: WebhookScope, siteCodes: string[] | null): Promise<void> {
  if (siteCodes === null) {
    const { rows } = await tx.execute<{ every: boolean }>(sql`SELECT ${coversEverySite(scope)} AS every`);
    if (!rows[0]!.every) {
      throw new AppError('invalid_request', 'every site is beyond your sites: name the sites you cover');
    }
    return;
  }
  const named = [...new Set(siteCodes)];
  if (named.some((code) => !scope.siteCodes.includes(code))) throw new AppError('record_not_found');
  const { rows } = await tx.execute<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM sites
    WHERE organisation_id = ${scope.organisationId} AND code = ANY(${sql.param(named)}::text[])`);
  if (rows[0]!.count !== named.length) throw new AppError('record_not_found');
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
    await checkSites(tx, write, body.site_codes);
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
    const webhook = await getWebhook(tx, write, id);
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
  await getWebhook(db, write, write.id);
  await checkedAddresses(deps.policy, body.url);
  return db.transaction(async (tx) => {
    const before = webhookView(await subscriptionRow(tx, write, write.id, true));
    await checkSites(tx, write, body.site_codes);
    await tx.execute(sql`
      UPDATE webhook_subscriptions SET url = ${body.url}, description = ${body.description},
        event_types = ${textArray(body.event_types)}, site_codes = ${textArray(body.site_codes)},
        enabled = ${body.enabled},
        disabled_reason = CASE WHEN ${body.enabled} THEN NULL ELSE COALESCE(disabled_reason, 'staff') END,
        disabled_at = CASE WHEN ${body.enabled} THEN NULL ELSE COALESCE(disabled_at, now()) END,
        consecutive_failures = CASE WHEN ${body.enabled} AND NOT enabled THEN 0 ELSE consecutive_failures END,
        updated_at = now()
      WHERE id = ${write.id}`);
    const after = await getWebhook(tx, write, write.id);
    await audit(tx, write, write.id, 'update', before, after);
    return after;
  });
}

/** Deletes a subscription with its log (deliveries still waiting go with it). */
export async function deleteWebhook(db: Db, write: WebhookWrite & { id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const before = webhookView(await subscriptionRow(tx, write, write.id, true));
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
    await subscriptionRow(tx, write, write.id, true);
    const grace = write.graceHours > 0;
    await tx.execute(sql`
      UPDATE webhook_subscriptions SET
        previous_secret_sealed = ${grace ? sql`secret_sealed` : null},
        previous_secret_expires_at = ${grace ? sql`now() + make_interval(hours => ${write.graceHours})` : null},
        secret_sealed = ${sealWebhookSecret(deps.keys, write.id, secret)}, updated_at = now()
      WHERE id = ${write.id}`);
    const webhook = await getWebhook(tx, write, write.id);
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
  action: AuditAction,
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
