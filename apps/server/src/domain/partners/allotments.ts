import { sql } from 'drizzle-orm';
import {
  ALLOTMENT_DEFAULT_RELEASE_HOURS_BEFORE,
  type Allotment,
  type CreateAllotmentBody,
  type UpdateAllotmentBody,
} from '@kippu/contract/console/allotments-schemas';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { allotFreeSeats, releaseAllottedSeats } from '../stock/allotted-stock.ts';
import { noteStockChange } from '../stock/stock-changes.ts';

/**
 * Allotments (issue 30, ADR 089): a partner's share of one slot. The row says whose seats they are and how
 * many it has sold; the slot's own stock holds them (`time_spans.allotted`, moved only through
 * domain/stock/allotted-stock.ts). While `released_at` is null, `quantity - sold` of this row is in the slot's
 * `allotted`; every change below moves the row and the slot's stock in one transaction, the slot's row lock
 * taken by the stock's conditional UPDATE.
 */

const ALLOTMENT_JSON = sql.raw(`json_build_object(
  'id', a.id, 'partner_id', a.partner_id, 'partner_name', pa.name, 'slot_id', a.time_span_id,
  'product_id', p.id, 'product_name', p.names,
  'starts_at', to_char(t.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'ends_at', to_char(t.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'quantity', a.quantity, 'sold', a.sold,
  'remaining', CASE WHEN a.released_at IS NULL THEN a.quantity - a.sold ELSE 0 END,
  'release_at', to_char(a.release_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'released_at', to_char(a.released_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`);
const ALLOTMENT_FROM = sql.raw(`allotments a JOIN partners pa ON pa.id = a.partner_id
  JOIN time_spans t ON t.id = a.time_span_id JOIN products p ON p.id = t.product_id`);

async function allotmentOf(executor: Tx | Db, siteCode: string, id: number): Promise<Allotment> {
  const { rows } = await executor.execute<{ allotment: Allotment }>(sql`
    SELECT ${ALLOTMENT_JSON} AS allotment FROM ${ALLOTMENT_FROM}
    WHERE a.id = ${id} AND a.site_code = ${siteCode}`);
  if (!rows[0]) throw new AppError('record_not_found');
  return rows[0].allotment;
}

/** The site's allotments whose slots start between `from` and `to` (Tokyo dates, both included). */
export async function listAllotments(
  db: Db,
  siteCode: string,
  filter: { from?: string; to?: string; partner_id?: number },
): Promise<{ allotments: Allotment[] }> {
  const { rows } = await db.execute<{ allotment: Allotment }>(sql`
    SELECT ${ALLOTMENT_JSON} AS allotment FROM ${ALLOTMENT_FROM}
    WHERE a.site_code = ${siteCode}
      AND (${filter.from ?? null}::date IS NULL
           OR t.starts_at >= (${filter.from ?? null}::date::timestamp AT TIME ZONE 'Asia/Tokyo'))
      AND (${filter.to ?? null}::date IS NULL
           OR t.starts_at < ((${filter.to ?? null}::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo'))
      AND (${filter.partner_id ?? null}::bigint IS NULL OR a.partner_id = ${filter.partner_id ?? null})
    ORDER BY t.starts_at, pa.name, a.id
    LIMIT 2000`);
  return { allotments: rows.map((row) => row.allotment) };
}

/**
 * A new allotment: the partner must be the site's organisation's (else 404), the slot the site's, and its
 * seats free now (else 409 `out of stock`). One allotment per partner and slot (a second is a change of the
 * first: 409 `invalid request`).
 */
export async function createAllotment(
  db: Db,
  actor: AuditActor,
  siteCode: string,
  body: CreateAllotmentBody,
): Promise<Allotment> {
  const id = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number; starts_at: Date | string }>(sql`
      SELECT t.id, t.starts_at FROM time_spans t JOIN products p ON p.id = t.product_id
      JOIN sites s ON s.code = p.site_code
      JOIN partners pa ON pa.organisation_id = s.organisation_id AND pa.id = ${body.partner_id}
      WHERE t.id = ${body.slot_id} AND p.site_code = ${siteCode}`);
    const slot = rows[0];
    if (!slot) throw new AppError('record_not_found');
    const releaseAt =
      body.release_at ??
      new Date(
        new Date(slot.starts_at).getTime() - ALLOTMENT_DEFAULT_RELEASE_HOURS_BEFORE * 3_600_000,
      ).toISOString();
    const { rows: inserted } = await tx.execute<{ id: number }>(sql`
      INSERT INTO allotments (site_code, partner_id, time_span_id, quantity, release_at, created_by,
                              released_at)
      VALUES (${siteCode}, ${body.partner_id}, ${body.slot_id}, ${body.quantity}, ${releaseAt},
              ${actor.staffId ?? null}, CASE WHEN ${releaseAt}::timestamptz <= now() THEN now() END)
      ON CONFLICT (partner_id, time_span_id) DO NOTHING
      RETURNING id, released_at IS NULL AS holding`);
    const row = inserted[0] as { id: number; holding: boolean } | undefined;
    if (!row) throw new AppError('invalid_request', 'this partner already has an allotment on this slot');
    // A cut-off already passed allots nothing: the row is released at once (nothing to give back).
    if (row.holding && !(await allotFreeSeats(tx, body.slot_id, body.quantity))) {
      throw new AppError('out_of_stock');
    }
    const allotment = await allotmentOf(tx, siteCode, row.id);
    await recordAudit(tx, {
      actor,
      siteCode,
      objectType: 'allotment',
      objectId: String(row.id),
      action: 'create',
      after: auditShape(allotment),
    });
    return row.id;
  });
  noteStockChange();
  return allotmentOf(db, siteCode, id);
}

function auditShape(allotment: Allotment) {
  const { partner_id, slot_id, quantity, sold, release_at, released_at } = allotment;
  return { partner_id, slot_id, quantity, sold, release_at, released_at };
}

async function lockAllotment(
  tx: Tx,
  siteCode: string,
  id: number,
): Promise<{ id: number; time_span_id: number; quantity: number; sold: number; released: boolean }> {
  const { rows } = await tx.execute<{
    id: number;
    time_span_id: number;
    quantity: number;
    sold: number;
    released: boolean;
  }>(sql`
    SELECT id, time_span_id, quantity, sold, released_at IS NOT NULL AS released FROM allotments
    WHERE id = ${id} AND site_code = ${siteCode} FOR UPDATE`);
  if (!rows[0]) throw new AppError('record_not_found');
  return rows[0];
}

/**
 * A new quantity and cut-off: never below what is sold (400 `invalid request`); a rise takes free seats
 * (409 `out of stock`), a fall gives seats back to general sale. A released allotment is history (409).
 */
export async function updateAllotment(
  db: Db,
  actor: AuditActor,
  siteCode: string,
  id: number,
  body: UpdateAllotmentBody,
): Promise<Allotment> {
  await db.transaction(async (tx) => {
    const row = await lockAllotment(tx, siteCode, id);
    const before = auditShape(await allotmentOf(tx, siteCode, id));
    if (row.released) throw new AppError('invalid_request', 'this allotment has been released');
    if (body.quantity < row.sold) {
      throw new AppError('invalid_request', `the partner has sold ${row.sold} of this allotment`);
    }
    const change = body.quantity - row.quantity;
    if (change > 0 && !(await allotFreeSeats(tx, row.time_span_id, change))) {
      throw new AppError('out_of_stock');
    }
    if (change < 0) await releaseAllottedSeats(tx, row.time_span_id, -change);
    await tx.execute(sql`
      UPDATE allotments SET quantity = ${body.quantity}, release_at = ${body.release_at}, updated_at = now()
      WHERE id = ${id}`);
    await recordAudit(tx, {
      actor,
      siteCode,
      objectType: 'allotment',
      objectId: String(id),
      action: 'update',
      before,
      after: auditShape(await allotmentOf(tx, siteCode, id)),
    });
  });
  noteStockChange();
  return allotmentOf(db, siteCode, id);
}

/** Releases the unsold rest at once (the row stays as history of what the partner sold). */
export async function deleteAllotment(
  db: Db,
  actor: AuditActor,
  siteCode: string,
  id: number,
): Promise<Allotment> {
  await db.transaction(async (tx) => {
    const row = await lockAllotment(tx, siteCode, id);
    if (row.released) return;
    await releaseAllotmentRow(tx, row);
    await recordAudit(tx, {
      actor,
      siteCode,
      objectType: 'allotment',
      objectId: String(id),
      action: 'delete',
      before: { quantity: row.quantity, sold: row.sold },
    });
  });
  noteStockChange();
  return allotmentOf(db, siteCode, id);
}

/** Under the row's lock: marks it released and gives its unsold seats back to general sale, once. */
async function releaseAllotmentRow(tx: Tx, row: { id: number; time_span_id: number }): Promise<number> {
  const { rows } = await tx.execute<{ rest: number }>(sql`
    UPDATE allotments SET released_at = now(), updated_at = now()
    WHERE id = ${row.id} AND released_at IS NULL
    RETURNING quantity - sold AS rest`);
  const rest = rows[0]?.rest;
  if (rest === undefined) return 0;
  await releaseAllottedSeats(tx, row.time_span_id, rest);
  return rest;
}

/**
 * The cut-off job's work (allotment-release-job.ts): every allotment past its `release_at`, a batch at a
 * time, each released once (its `released_at IS NULL` guard under `FOR UPDATE SKIP LOCKED`: two runners in
 * two processes release disjoint rows, and a row released by one is skipped by the other). Audited as the
 * system's. Answers how many allotments were released.
 */
export async function releaseDueAllotments(db: Db, batch = 200): Promise<number> {
  const released = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number; time_span_id: number; site_code: string }>(sql`
      SELECT id, time_span_id, site_code FROM allotments
      WHERE released_at IS NULL AND release_at <= now()
      ORDER BY time_span_id, id LIMIT ${batch} FOR UPDATE SKIP LOCKED`);
    for (const row of rows) {
      const rest = await releaseAllotmentRow(tx, row);
      await recordAudit(tx, {
        actor: { kind: 'system', label: 'allotment release' },
        siteCode: row.site_code,
        objectType: 'allotment',
        objectId: String(row.id),
        action: 'release',
        after: { returned_to_general_sale: rest },
      });
    }
    return rows.length;
  });
  if (released > 0) noteStockChange();
  return released;
}
