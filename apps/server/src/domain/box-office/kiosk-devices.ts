import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { API_PATH, ROUTES, fillPath, siteSlug, type SiteCode } from '@kippu/contract';
import type { KioskDevice } from '@kippu/contract/console/box-office-schemas';
import type { Env } from '../../config/env.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { gateKeyDevice, isoOrNull, listGateKeys, type GateKeyRow } from '../check-ins/gate-devices.ts';
import { hashGateKey, newGateKey } from '../check-ins/gate-keys.ts';
import { publicOrigin } from '../links.ts';

/**
 * Kiosk devices (issue 29, ADR 080): gate keys of kind `kiosk` (part 1's device registration, ADR 066), so
 * they are registered, listed and revoked like gate devices and audited the same way. The key is never
 * shown to staff: the console answers a one-time pairing URL, and opening it on the tablet puts the key
 * into an HttpOnly cookie (the kiosk's reset clears every web storage the page can reach, not the cookie).
 */
const PAIRING_MINUTES = 15;

type DeviceRow = GateKeyRow & { site_code: string; pairing_expires_at: Date | string | null };

const COLUMNS = sql`id, site_code, label, created_at, revoked_at, last_used_at, pairing_expires_at`;

function device(row: DeviceRow): KioskDevice {
  return { ...gateKeyDevice(row), pairing_expires_at: isoOrNull(row.pairing_expires_at) };
}

/** A pairing code: 192 random bits, kept only as a digest, good once for 15 minutes. */
const pairingHash = (code: string) => createHash('sha256').update(`kiosk-pairing|${code}`).digest('hex');
function newPairingCode(): { code: string; hash: string } {
  const code = randomBytes(24).toString('base64url');
  return { code, hash: pairingHash(code) };
}

export interface KioskPairing {
  device: KioskDevice;
  pairing_url: string;
  pairing_expires_at: string;
}

function pairingUrl(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>, site: SiteCode, code: string): string {
  return `${publicOrigin(env)}/${encodeURIComponent(siteSlug(site))}${API_PATH}${fillPath(ROUTES.kioskPair.path, { code })}`;
}

/** The site's kiosks, active first, newest first within each. */
export async function listKioskDevices(db: Db, site: SiteCode): Promise<KioskDevice[]> {
  const rows = await listGateKeys<DeviceRow>(db, site, 'kiosk', COLUMNS);
  return rows.map(device);
}

async function lockKiosk(tx: Tx, site: SiteCode, id: number): Promise<DeviceRow> {
  const { rows } = await tx.execute<DeviceRow>(sql`
    SELECT ${COLUMNS} FROM gate_keys WHERE id = ${id} AND site_code = ${site} AND kind = 'kiosk' FOR UPDATE`);
  if (!rows[0]) throw new AppError('record_not_found');
  return rows[0];
}

/** A new kiosk of the site and its pairing URL (its key is made when the URL is opened). */
export async function registerKioskDevice(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  actor: AuditActor,
  site: SiteCode,
  name: string,
): Promise<KioskPairing> {
  const pairing = newPairingCode();
  return db.transaction(async (tx) => {
    // Until it is paired the device has a key nobody knows (a digest of fresh random bytes).
    const { rows } = await tx.execute<DeviceRow>(sql`
      INSERT INTO gate_keys (site_code, label, key_hash, kind, pairing_code_hash, pairing_expires_at)
      VALUES (${site}, ${name}, ${hashGateKey(newGateKey())}, 'kiosk', ${pairing.hash},
              now() + make_interval(mins => ${PAIRING_MINUTES}))
      RETURNING ${COLUMNS}`);
    const created = device(rows[0]!);
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'kiosk_device',
      objectId: String(created.id),
      action: 'register',
      after: { name: created.name },
    });
    return {
      device: created,
      pairing_url: pairingUrl(env, site, pairing.code),
      pairing_expires_at: created.pairing_expires_at!,
    };
  });
}

/**
 * A new pairing URL for the kiosk (a tablet replaced, its cookie lost): the earlier code ends, and so does
 * the earlier cookie once the new URL is opened (a new key). A revoked kiosk is not paired again.
 */
export async function pairKioskAgain(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  actor: AuditActor,
  site: SiteCode,
  id: number,
): Promise<KioskPairing> {
  const pairing = newPairingCode();
  return db.transaction(async (tx) => {
    const row = await lockKiosk(tx, site, id);
    if (row.revoked_at !== null) throw new AppError('kiosk_not_authorised');
    const { rows } = await tx.execute<DeviceRow>(sql`
      UPDATE gate_keys SET pairing_code_hash = ${pairing.hash},
                           pairing_expires_at = now() + make_interval(mins => ${PAIRING_MINUTES})
      WHERE id = ${id} RETURNING ${COLUMNS}`);
    const updated = device(rows[0]!);
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'kiosk_device',
      objectId: String(id),
      action: 'pairing',
      after: { name: updated.name, pairing_expires_at: updated.pairing_expires_at },
    });
    return {
      device: updated,
      pairing_url: pairingUrl(env, site, pairing.code),
      pairing_expires_at: updated.pairing_expires_at!,
    };
  });
}

/** Revokes the kiosk: its next order or session answers `kiosk not authorised`. Idempotent. */
export async function revokeKioskDevice(
  db: Db,
  actor: AuditActor,
  site: SiteCode,
  id: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockKiosk(tx, site, id);
    if (row.revoked_at !== null) return;
    await tx.execute(sql`
      UPDATE gate_keys SET revoked_at = now(), pairing_code_hash = NULL, pairing_expires_at = NULL
      WHERE id = ${id}`);
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'kiosk_device',
      objectId: String(id),
      action: 'revoke',
      before: { name: row.label, revoked: false },
      after: { name: row.label, revoked: true },
    });
  });
}

/**
 * Opens a pairing URL: spends the code (once, unexpired, unrevoked kiosk of this site) and answers the
 * device's new key for its cookie, or null. The new key replaces the earlier one, so a tablet paired
 * before stops being a kiosk. Audited as the device's own act.
 */
export async function pairKiosk(db: Db, site: SiteCode, code: string): Promise<string | null> {
  const key = newGateKey();
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number; label: string }>(sql`
      UPDATE gate_keys SET key_hash = ${hashGateKey(key)}, pairing_code_hash = NULL, pairing_expires_at = NULL
      WHERE pairing_code_hash = ${pairingHash(code)} AND site_code = ${site} AND kind = 'kiosk'
        AND revoked_at IS NULL AND pairing_expires_at > now()
      RETURNING id, label`);
    const row = rows[0];
    if (!row) return null;
    await recordAudit(tx, {
      actor: { kind: 'device', deviceId: Number(row.id), label: row.label },
      siteCode: site,
      objectType: 'kiosk_device',
      objectId: String(row.id),
      action: 'paired',
    });
    return key;
  });
}

export interface Kiosk {
  id: number;
  name: string;
}

/**
 * The site's unrevoked kiosk whose key the request's cookie carries, or null (no cookie, another site's,
 * revoked, replaced by a later pairing). Read on every kiosk call, uncached: a revocation holds at once.
 */
export async function kioskOf(db: Db, site: SiteCode, key: string | undefined): Promise<Kiosk | null> {
  if (!key || key.length > 100) return null;
  const { rows } = await db.execute<{ id: number; label: string }>(sql`
    UPDATE gate_keys SET last_used_at = now()
    WHERE key_hash = ${hashGateKey(key)} AND site_code = ${site} AND kind = 'kiosk' AND revoked_at IS NULL
    RETURNING id, label`);
  return rows[0] ? { id: Number(rows[0].id), name: rows[0].label } : null;
}

/** A kiosk call's device, or `kiosk not authorised`. */
export async function requireKiosk(db: Db, site: SiteCode, key: string | undefined): Promise<Kiosk> {
  const kiosk = await kioskOf(db, site, key);
  if (!kiosk) throw new AppError('kiosk_not_authorised');
  return kiosk;
}
