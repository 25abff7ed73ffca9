import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { secretList, type VerifyingSecrets } from '../tickets/ticket-qr.ts';

/**
 * Gate devices (ADR 030). A gate key is `KG1-` and 32 base32 characters (160 random bits), shown once when
 * created (`npm run gate-key`) and typed once into the scanner device, which keeps it in its local storage.
 * The server keeps only its SHA-256: a leaked table opens no gate. Keys are per site and revocable.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function newGateKey(): string {
  const bytes = randomBytes(20);
  let out = '';
  let value = 0;
  let bits = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `KG1-${out}`;
}

export function hashGateKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export interface Gate {
  id: number;
  site: SiteCode;
  label: string;
}

/**
 * Authorised keys per process for 10 s (as the site cache): the scanner's hot path, including refusing a
 * forged code, then needs no database read. A revoked key still cannot admit anyone inside those 10 s:
 * the check-in statement itself requires the key to be unrevoked.
 */
const CACHE_MS = 10_000;
const cache = new Map<string, { gate: Gate; until: number }>();

export async function authenticateGate(db: Db, site: SiteCode, key: string | undefined): Promise<Gate> {
  if (!key) throw new AppError('gate_not_authorised');
  const hash = hashGateKey(key);
  const now = Date.now();
  const cached = cache.get(`${site}|${hash}`);
  if (cached && cached.until > now) return cached.gate;
  const { rows } = await db.execute<{ id: number; label: string }>(sql`
    UPDATE gate_keys SET last_used_at = now()
    WHERE key_hash = ${hash} AND site_code = ${site} AND revoked_at IS NULL AND kind = 'gate'
    RETURNING id, label`);
  const row = rows[0];
  if (!row) {
    cache.delete(`${site}|${hash}`);
    throw new AppError('gate_not_authorised');
  }
  const gate = { id: Number(row.id), site, label: row.label };
  if (cache.size > 1000) cache.clear();
  cache.set(`${site}|${hash}`, { gate, until: now + CACHE_MS });
  return gate;
}

/** Forgets cached keys (the CLI's revoke runs in another process; tests call it to see revocation at once). */
export function forgetCachedGates(): void {
  cache.clear();
}

function tapKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('kippu/gate-tap-code/v1').digest();
}

/** The Tokyo calendar day of `at` (tap codes change at midnight Tokyo time). */
function tokyoDay(at: Date): string {
  return new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

/**
 * The gate's tap code for the day: eight digits staff type on a visitor's phone (tap_ticket). Derived, not
 * stored: HMAC of the gate's id and the Tokyo day under a key derived from APP_SECRET for this purpose.
 */
export function tapCode(appSecret: string, gateId: number, at: Date): string {
  const mac = createHmac('sha256', tapKey(appSecret))
    .update(`${gateId}.${tokyoDay(at)}`)
    .digest();
  return String(mac.readUInt32BE(0) % 100_000_000).padStart(8, '0');
}

/**
 * The unrevoked gate of the site whose tap code (today's, or yesterday's just after midnight) this is. A
 * code made with a previous APP_SECRET counts too: a gate screen opened before a rotation shows it all day.
 */
export async function gateForTapCode(
  db: Db,
  secrets: VerifyingSecrets,
  site: SiteCode,
  code: string,
): Promise<Gate> {
  const { rows } = await db.execute<{ id: number; label: string }>(sql`
    SELECT id, label FROM gate_keys WHERE site_code = ${site} AND revoked_at IS NULL AND kind = 'gate' ORDER BY id`);
  const now = new Date();
  const earlier = new Date(now.getTime() - 15 * 60_000);
  for (const row of rows) {
    const id = Number(row.id);
    for (const appSecret of secretList(secrets)) {
      if (tapCode(appSecret, id, now) === code || tapCode(appSecret, id, earlier) === code) {
        return { id, site, label: row.label };
      }
    }
  }
  throw new AppError('gate_not_authorised');
}

export async function createGateKey(
  db: Db,
  site: SiteCode,
  label: string,
  key: string = newGateKey(),
): Promise<{ id: number; key: string }> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO gate_keys (site_code, label, key_hash) VALUES (${site}, ${label}, ${hashGateKey(key)})
    RETURNING id`);
  return { id: Number(rows[0]!.id), key };
}

export async function revokeGateKey(db: Db, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    UPDATE gate_keys SET revoked_at = now() WHERE id = ${id} AND revoked_at IS NULL RETURNING id`);
  forgetCachedGates();
  return rows.length > 0;
}

export async function listGateKeys(db: Db, site?: SiteCode) {
  const { rows } = await db.execute<{
    id: number;
    site_code: string;
    label: string;
    created_at: string;
    revoked_at: string | null;
    last_used_at: string | null;
  }>(sql`
    SELECT id, site_code, label, created_at, revoked_at, last_used_at FROM gate_keys
    ${site ? sql`WHERE site_code = ${site}` : sql``} ORDER BY site_code, id`);
  return rows;
}
