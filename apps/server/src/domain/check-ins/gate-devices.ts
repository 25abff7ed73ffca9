import { sql, type SQL } from 'drizzle-orm';
import type { GateDevice } from '@kippu/contract/console/operations-devices';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { forgetCachedGates, hashGateKey, newGateKey } from './gate-keys.ts';

/**
 * Gate devices from the console (issue 27): the gate keys of ADR 030 (`gate_keys`, the same key format and
 * digest `npm run gate-key` uses), so a device registered here admits at `/{site}/#/gate` exactly as a CLI
 * key does. Every registration and revocation is audited in its own transaction.
 */

/** A gate key's row as the console shows it (gate devices here, kiosks in box-office, ADR 080). */
export type GateKeyRow = {
  id: number;
  label: string;
  created_at: Date | string;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A gate key as a console device: what a gate device and a kiosk have alike. */
export function gateKeyDevice(row: GateKeyRow): GateDevice {
  return {
    id: Number(row.id),
    name: row.label,
    created_at: iso(row.created_at),
    revoked_at: isoOrNull(row.revoked_at),
    last_used_at: isoOrNull(row.last_used_at),
  };
}

/** The site's gate keys of one kind (`columns` of each), active first, newest first within each. */
export async function listGateKeys<Row extends GateKeyRow>(
  db: Pick<Db, 'execute'>,
  site: string,
  kind: 'gate' | 'kiosk',
  columns: SQL,
): Promise<Row[]> {
  const { rows } = await db.execute<Row>(sql`
    SELECT ${columns} FROM gate_keys
    WHERE site_code = ${site} AND kind = ${kind} ORDER BY revoked_at IS NOT NULL, id DESC`);
  return rows as Row[]; // the rows have the columns the caller named: its Row
}

/** The site's gate devices (not its kiosks, ADR 080), active first, newest first within each. */
export async function listGateDevices(db: Db, site: string): Promise<GateDevice[]> {
  const rows = await listGateKeys(db, site, 'gate', sql`id, label, created_at, revoked_at, last_used_at`);
  return rows.map(gateKeyDevice);
}

/** A new device for the site; its key is answered once and only its digest is kept. */
export async function registerGateDevice(
  db: Db,
  actor: AuditActor,
  site: string,
  name: string,
): Promise<{ device: GateDevice; key: string }> {
  const key = newGateKey();
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<GateKeyRow>(sql`
      INSERT INTO gate_keys (site_code, label, key_hash) VALUES (${site}, ${name}, ${hashGateKey(key)})
      RETURNING id, label, created_at, revoked_at, last_used_at`);
    const created = gateKeyDevice(rows[0]!);
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'gate_device',
      objectId: String(created.id),
      action: 'register',
      after: { name: created.name },
    });
    return { device: created, key };
  });
}

async function lockDevice(
  tx: Tx,
  site: string | null,
  id: number,
): Promise<(GateKeyRow & { site_code: string }) | undefined> {
  const { rows } = await tx.execute<GateKeyRow & { site_code: string }>(sql`
    SELECT id, site_code, label, created_at, revoked_at, last_used_at FROM gate_keys
    WHERE id = ${id} AND kind = 'gate' ${site === null ? sql`` : sql`AND site_code = ${site}`} FOR UPDATE`);
  return rows[0];
}

/**
 * Revokes the site's device: its next scan is refused (the check-in statement requires an unrevoked key;
 * this process forgets its cached keys at once, other processes within their 10 s cache). Revoking a
 * revoked device answers as the first time did and records nothing more; another site's id is not found.
 * `site` null: any site's (the CLI revokes by id). Answers whether this call revoked it.
 */
export async function revokeGateDevice(
  db: Db,
  actor: AuditActor,
  site: string | null,
  id: number,
): Promise<boolean> {
  const revoked = await db.transaction(async (tx) => {
    const row = await lockDevice(tx, site, id);
    if (!row) throw new AppError('record_not_found');
    if (row.revoked_at !== null) return false;
    await tx.execute(sql`UPDATE gate_keys SET revoked_at = now() WHERE id = ${id}`);
    await recordAudit(tx, {
      actor,
      siteCode: row.site_code,
      objectType: 'gate_device',
      objectId: String(id),
      action: 'revoke',
      before: { name: row.label, revoked: false },
      after: { name: row.label, revoked: true },
    });
    return true;
  });
  forgetCachedGates();
  return revoked;
}
