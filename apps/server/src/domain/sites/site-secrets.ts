import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SecretKey, SecretKeyring } from '../../config/secrets-key.ts';
import type { Db, Tx } from '../../db/client.ts';

/**
 * `site_secrets` at rest (issue 28, ADR 071): the one module that reads or writes its values. A value is
 * AES-256-GCM under SECRETS_KEY, bound to its site and name (additional data), stored as
 * `v1:<key id>:<base64 nonce|tag|ciphertext>` with the key id in `key_id` too. A reader opens it with the
 * key it names: SECRETS_KEY or one of SECRETS_KEY_PREVIOUS (a rotation); `reencryptSiteSecrets` (run at
 * start) rewrites every row not under the current key, including rows written in plaintext before 0880. In
 * production that start is the only reader of a plaintext (`key_id` NULL) row: any other reader refuses one,
 * so a database writer cannot downgrade a value to plaintext of its choosing.
 */

const FORMAT = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

const additionalData = (site: string, name: string) => Buffer.from(`site_secrets:${site}:${name}`, 'utf8');

/** The stored form of `value` for the secret `name` of `site`, under the keyring's current key. */
export function encryptSiteSecret(keys: SecretKeyring, site: string, name: string, value: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, nonce);
  cipher.setAAD(additionalData(site, name));
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  const payload = Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64');
  return `${FORMAT}:${keys.current.id}:${payload}`;
}

function keyById(keys: SecretKeyring, id: string): SecretKey | undefined {
  return [keys.current, ...keys.previous].find((key) => key.id === id);
}

/**
 * The plaintext of a stored value; `keyId` null is a legacy plaintext row (before 0880), read only when the
 * keyring `readsPlaintext` (not production). Throws when the key it names is not configured, the value was
 * tampered with or is plaintext where refused: a gateway then fails loudly, never silently.
 */
export function decryptSiteSecret(
  keys: SecretKeyring,
  site: string,
  name: string,
  stored: string,
  keyId: string | null,
): string {
  if (keyId === null) {
    if (keys.readsPlaintext) return stored;
    throw new Error(
      `site_secrets ${site}/${name}: a plaintext value, refused in production (a restart encrypts it)`,
    );
  }
  const [format, id, payload] = stored.split(':');
  if (format !== FORMAT || id !== keyId || payload === undefined) {
    throw new Error(`site_secrets ${site}/${name}: unreadable value`);
  }
  const key = keyById(keys, id);
  if (!key)
    throw new Error(`site_secrets ${site}/${name}: encrypted with key ${id}, which is not configured`);
  const bytes = Buffer.from(payload, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, NONCE_BYTES));
  decipher.setAAD(additionalData(site, name));
  decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/** A secret's plaintext for server code (a gateway), or null when the site has none by that name. */
export async function readSiteSecret(
  db: Db | Tx,
  keys: SecretKeyring,
  site: string,
  name: string,
): Promise<string | null> {
  const { rows } = await db.execute<{ value: string; key_id: string | null }>(
    sql`SELECT value, key_id FROM site_secrets WHERE site_code = ${site} AND name = ${name}`,
  );
  const row = rows[0];
  return row ? decryptSiteSecret(keys, site, name, row.value, row.key_id) : null;
}

/** What may be shown of a site's secrets: names and when and by whom they changed, never a value. */
export interface SiteSecretStatusRow {
  name: string;
  changedAt: string;
  changedBy: { id: number; name: string } | null;
}

export async function listSiteSecretStatus(db: Db | Tx, site: string): Promise<SiteSecretStatusRow[]> {
  const { rows } = await db.execute<{
    name: string;
    changed_at: string;
    staff_id: number | null;
    staff_name: string | null;
  }>(sql`
    SELECT s.name, to_char(s.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS changed_at,
           st.id AS staff_id, st.name AS staff_name
    FROM site_secrets s LEFT JOIN staff st ON st.id = s.changed_by
    WHERE s.site_code = ${site} ORDER BY s.name`);
  return rows.map((row) => ({
    name: row.name,
    changedAt: row.changed_at,
    changedBy: row.staff_id === null ? null : { id: Number(row.staff_id), name: row.staff_name ?? '' },
  }));
}

/** Sets (encrypted) or, with `value` null, removes a secret; answers whether a row was there before. */
export async function writeSiteSecret(
  tx: Tx | Db,
  keys: SecretKeyring,
  input: { site: string; name: string; value: string | null; staffId: number | null },
): Promise<{ existed: boolean }> {
  const { rows: before } = await tx.execute<{ name: string }>(
    sql`SELECT name FROM site_secrets WHERE site_code = ${input.site} AND name = ${input.name} FOR UPDATE`,
  );
  if (input.value === null) {
    await tx.execute(sql`DELETE FROM site_secrets WHERE site_code = ${input.site} AND name = ${input.name}`);
  } else {
    const stored = encryptSiteSecret(keys, input.site, input.name, input.value);
    await tx.execute(sql`
      INSERT INTO site_secrets (site_code, name, value, key_id, changed_at, changed_by)
      VALUES (${input.site}, ${input.name}, ${stored}, ${keys.current.id}, now(), ${input.staffId})
      ON CONFLICT (site_code, name) DO UPDATE
        SET value = excluded.value, key_id = excluded.key_id, changed_at = now(), changed_by = excluded.changed_by`);
  }
  return { existed: before.length > 0 };
}

/**
 * Rewrites every value not under the current key (legacy plaintext rows, values under a previous key) with
 * the current key, row by row under a lock; `changed_at`/`changed_by` stay (the secret did not change).
 * Run at start; a value whose key is not configured stops the start with the names to fix.
 */
export async function reencryptSiteSecrets(db: Db, keys: SecretKeyring): Promise<{ reencrypted: number }> {
  const { rows } = await db.execute<{ site_code: string; name: string }>(
    sql`SELECT site_code, name FROM site_secrets WHERE key_id IS DISTINCT FROM ${keys.current.id}`,
  );
  let reencrypted = 0;
  for (const { site_code: site, name } of rows) {
    await db.transaction(async (tx) => {
      const { rows: locked } = await tx.execute<{ value: string; key_id: string | null }>(sql`
        SELECT value, key_id FROM site_secrets WHERE site_code = ${site} AND name = ${name} FOR UPDATE`);
      const row = locked[0];
      if (!row || row.key_id === keys.current.id) return;
      // The one reader of plaintext rows in production: it encrypts them before anything else reads them.
      const plain = decryptSiteSecret({ ...keys, readsPlaintext: true }, site, name, row.value, row.key_id);
      await tx.execute(sql`
        UPDATE site_secrets SET value = ${encryptSiteSecret(keys, site, name, plain)}, key_id = ${keys.current.id}
        WHERE site_code = ${site} AND name = ${name}`);
      reencrypted += 1;
    });
  }
  return { reencrypted };
}
