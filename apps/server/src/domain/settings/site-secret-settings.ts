import { KNOWN_SITE_SECRETS, type SiteSecretStatus } from '@kippu/contract/console/settings-schemas';
import type { SecretKeyring } from '../../config/secrets-key.ts';
import type { Db, Tx } from '../../db/client.ts';
import { SECRET_PLACEHOLDER } from '../audit/audit-redaction.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { listSiteSecretStatus, writeSiteSecret } from '../sites/site-secrets.ts';


/** The secrets the gateways know plus any the site holds: set or not, when and by whom; never a value. */
export async function listSiteSecrets(db: Db | Tx, site: string): Promise<SiteSecretStatus[]> {
  const stored = new Map((await listSiteSecretStatus(db, site)).map((row) => [row.name, row]));
  const names = [...new Set([...KNOWN_SITE_SECRETS, ...stored.keys()])];
  return names.map((name) => {
    const row = stored.get(name);
    return {
      name,
      set: row !== undefined,
      changed_at: row?.changedAt ?? null,
      changed_by: row?.changedBy ?? null,
    };
  });
}

/**
 * Sets (value) or removes (null) a site's secret, encrypted at rest (sites/site-secrets.ts), audited as
 * "[secret]" changed in the same transaction. Answers the secret's new status.
 */
export async function changeSiteSecret(
  db: Db,
  keys: SecretKeyring,
  actor: AuditActor,
  input: { site: string; name: string; value: string | null },
): Promise<SiteSecretStatus> {
  return db.transaction(async (tx) => {
    const { existed } = await writeSiteSecret(tx, keys, {
      site: input.site,
      name: input.name,
      value: input.value,
      staffId: actor.staffId ?? null,
    });
    await recordAudit(tx, {
      actor,
      siteCode: input.site,
      objectType: 'site_secret',
      objectId: `${input.site}:${input.name}`,
      action: input.value === null ? 'delete' : existed ? 'update' : 'create',
      before: { name: input.name, set: existed, ...(existed ? { value: SECRET_PLACEHOLDER } : {}) },
      after: {
        name: input.name,
        set: input.value !== null,
        ...(input.value !== null ? { value: SECRET_PLACEHOLDER } : {}),
      },
    });
    const status = (await listSiteSecrets(tx, input.site)).find((secret) => secret.name === input.name);
    return status ?? { name: input.name, set: false, changed_at: null, changed_by: null };
  });
}
