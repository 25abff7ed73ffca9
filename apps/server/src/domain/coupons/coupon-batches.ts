import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  COUPON_BATCH_CODE_LENGTH,
  COUPON_BATCH_CSV_HEADER,
  COUPON_CODE_ALPHABET,
  type CouponBatch,
} from '@kippu/contract/console/coupons-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { checkLimitAboveUses } from './coupon-admin.ts';
import {
  checkProducts,
  checkVersion,
  definitionColumns,
  definitionOf,
  INT4_MAX,
  iso,
  arrayParam,
  type CouponDefinitionInput,
  type DefinitionRow,
  type Executor,
} from './coupon-admin-rows.ts';
import { checkPaymentMethods } from './payment-method-coupons.ts';

/**
 * Batches of unique codes (issue 28, ADR 070): N codes made in one transaction from one definition, each a
 * `coupons` row (all the visitor side reads) with `batch_id`. Codes are crypto-random over an alphabet
 * without look-alikes, unique per site: a code that collides with an existing one is drawn again inside the
 * same transaction. One multi-row INSERT per round, one audit event per batch.
 */

/** Rounds of redrawing collided codes before giving up (each round a collision is ~N/31^10 likely). */
const MAX_ROUNDS = 8;

/** `count` codes of `prefix` + `COUPON_BATCH_CODE_LENGTH` random characters, distinct among themselves. */
export function drawCodes(prefix: string, count: number): string[] {
  const alphabet = COUPON_CODE_ALPHABET;
  // Rejection sampling: only bytes below the largest multiple of the alphabet's size, so no character is
  // likelier than another.
  const ceiling = 256 - (256 % alphabet.length);
  const codes = new Set<string>();
  while (codes.size < count) {
    const bytes = randomBytes((count - codes.size) * COUPON_BATCH_CODE_LENGTH * 2);
    let code = '';
    for (const byte of bytes) {
      if (byte >= ceiling) continue;
      code += alphabet[byte % alphabet.length];
      if (code.length === COUPON_BATCH_CODE_LENGTH) {
        codes.add(prefix + code);
        code = '';
        if (codes.size === count) break;
      }
    }
  }
  return [...codes];
}

interface BatchRow extends DefinitionRow {
  id: number;
  prefix: string;
  code_count: number;
  created_at: Date | string;
  version: number;
  enabled_count: number;
  used_count: number;
  used_codes: number;
}

async function readBatches(tx: Executor, site: string, id?: number, lock = false): Promise<BatchRow[]> {
  if (id !== undefined && id > INT4_MAX) return [];
  const { rows } = await tx.execute<BatchRow & Record<string, unknown>>(sql`
    SELECT b.id, b.prefix, b.code_count, b.names, b.campaign, b.discount_type, b.discount_value,
      b.is_invitation, b.valid_from, b.valid_to, b.coverage_from::text AS coverage_from,
      b.coverage_to::text AS coverage_to, b.channels, b.product_ids, b.usage_limit, b.payment_methods,
      b.enabled, b.created_at,
      b.version, s.enabled_count, s.used_count, s.used_codes
    FROM coupon_batches b
    CROSS JOIN LATERAL (
      SELECT (count(*) FILTER (WHERE c.enabled))::int AS enabled_count,
        coalesce(sum(c.used_count), 0)::int AS used_count,
        (count(*) FILTER (WHERE c.used_count > 0))::int AS used_codes
      FROM coupons c WHERE c.batch_id = b.id) s
    WHERE b.site_code = ${site} ${id === undefined ? sql`` : sql`AND b.id = ${id}`}
    ORDER BY b.id DESC
    ${lock ? sql`FOR UPDATE OF b` : sql``}`);
  return rows;
}

function couponBatch(row: BatchRow): CouponBatch {
  return {
    id: row.id,
    prefix: row.prefix,
    count: row.code_count,
    ...definitionOf(row),
    enabled_count: row.enabled_count,
    used_count: row.used_count,
    used_codes: row.used_codes,
    created_at: iso(row.created_at)!,
    version: row.version,
  };
}

async function batchOrNotFound(tx: Executor, site: string, id: number, lock = false): Promise<BatchRow> {
  const [row] = await readBatches(tx, site, id, lock);
  if (!row) throw new AppError('record_not_found');
  return row;
}

export async function listCouponBatches(db: Db, site: string): Promise<CouponBatch[]> {
  return (await readBatches(db, site)).map(couponBatch);
}

export async function getCouponBatch(db: Db, site: string, id: number): Promise<CouponBatch> {
  return couponBatch(await batchOrNotFound(db, site, id));
}

export async function createCouponBatch(
  db: Db,
  actor: AuditActor,
  site: string,
  input: CouponDefinitionInput & { prefix: string; count: number },
): Promise<CouponBatch> {
  return db.transaction(async (tx) => {
    await checkProducts(tx, site, input.product_ids);
    const d = definitionColumns(input);
    await checkPaymentMethods(tx, site, d.paymentMethods);
    const productIds = arrayParam(d.productIds);
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO coupon_batches (site_code, prefix, code_count, names, campaign, discount_type, discount_value,
        is_invitation, usage_limit, valid_from, valid_to, coverage_from, coverage_to, channels, product_ids,
        enabled, payment_methods)
      VALUES (${site}, ${input.prefix}, ${input.count}, ${d.names}::jsonb, ${d.campaign}, ${d.discountType},
        ${d.discountValue}, ${d.isInvitation}, ${d.usageLimit}, ${d.validFrom}::timestamptz,
        ${d.validTo}::timestamptz, ${d.coverageFrom}::date, ${d.coverageTo}::date,
        ${sql.param(d.channels)}::text[], ${productIds}::int[], ${d.enabled}, ${arrayParam(d.paymentMethods)}::text[])
      RETURNING id`);
    const batchId = rows[0]!.id;
    let missing = input.count;
    for (let round = 0; missing > 0; round += 1) {
      if (round === MAX_ROUNDS) throw new AppError('internal_error', 'coupon codes kept colliding');
      const codes = drawCodes(input.prefix, missing);
      const inserted = await tx.execute(sql`
        INSERT INTO coupons (site_code, code, names, campaign, discount_type, discount_value, is_invitation,
          usage_limit, valid_from, valid_to, coverage_from, coverage_to, channels, product_ids, enabled,
          batch_id, payment_methods)
        SELECT ${site}, code, b.names, b.campaign, b.discount_type, b.discount_value, b.is_invitation,
          b.usage_limit, b.valid_from, b.valid_to, b.coverage_from, b.coverage_to, b.channels, b.product_ids,
          b.enabled, b.id, b.payment_methods
        FROM unnest(${sql.param(codes)}::text[]) AS code, coupon_batches b
        WHERE b.id = ${batchId}
        ON CONFLICT (site_code, code) DO NOTHING
        RETURNING id`);
      missing -= inserted.rows.length;
    }
    const batch = couponBatch(await batchOrNotFound(tx, site, batchId));
    const { enabled_count: _e, used_count: _u, used_codes: _c, ...definition } = batch;
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'coupon_batch',
      objectId: String(batchId),
      action: 'create',
      after: definition,
    });
    return batch;
  });
}

/** The batch's codes locked in id order (the order releaseCouponUsage locks coupons in: no deadlock). */
async function lockCodes(tx: Executor, batchId: number): Promise<{ max_used: number }> {
  const { rows } = await tx.execute<{ used_count: number }>(sql`
    SELECT used_count FROM coupons WHERE batch_id = ${batchId} ORDER BY id FOR UPDATE`);
  return { max_used: rows.reduce((max, row) => Math.max(max, row.used_count), 0) };
}

function auditView(batch: CouponBatch) {
  const { enabled_count: _e, used_count: _u, used_codes: _c, ...view } = batch;
  return view;
}

/**
 * A new definition for every code of the batch (codes and their uses stay). Codes disabled one by one stay
 * disabled unless the batch's own switch changes.
 */
export async function updateCouponBatch(
  db: Db,
  actor: AuditActor,
  site: string,
  id: number,
  input: CouponDefinitionInput & { expected_version: number },
): Promise<CouponBatch> {
  return db.transaction(async (tx) => {
    const before = await batchOrNotFound(tx, site, id, true);
    checkVersion(before.version, input.expected_version);
    const { max_used } = await lockCodes(tx, id);
    checkLimitAboveUses(input.usage_limit, max_used);
    await checkProducts(tx, site, input.product_ids);
    const d = definitionColumns(input);
    await checkPaymentMethods(tx, site, d.paymentMethods);
    const productIds = arrayParam(d.productIds);
    await tx.execute(sql`
      UPDATE coupon_batches SET names = ${d.names}::jsonb, campaign = ${d.campaign},
        discount_type = ${d.discountType}, discount_value = ${d.discountValue}, is_invitation = ${d.isInvitation},
        usage_limit = ${d.usageLimit}, valid_from = ${d.validFrom}::timestamptz,
        valid_to = ${d.validTo}::timestamptz, coverage_from = ${d.coverageFrom}::date,
        coverage_to = ${d.coverageTo}::date, channels = ${sql.param(d.channels)}::text[],
        product_ids = ${productIds}::int[], payment_methods = ${arrayParam(d.paymentMethods)}::text[],
        enabled = ${d.enabled}, version = version + 1
      WHERE id = ${id}`);
    await tx.execute(sql`
      UPDATE coupons c SET names = b.names, campaign = b.campaign, discount_type = b.discount_type,
        discount_value = b.discount_value, is_invitation = b.is_invitation, usage_limit = b.usage_limit,
        valid_from = b.valid_from, valid_to = b.valid_to, coverage_from = b.coverage_from,
        coverage_to = b.coverage_to, channels = b.channels, product_ids = b.product_ids,
        payment_methods = b.payment_methods, enabled = ${before.enabled === d.enabled ? sql`c.enabled` : sql`b.enabled`}, version = c.version + 1
      FROM coupon_batches b WHERE b.id = ${id} AND c.batch_id = b.id`);
    const after = couponBatch(await batchOrNotFound(tx, site, id));
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'coupon_batch',
      objectId: String(id),
      action: 'update',
      before: auditView(couponBatch(before)),
      after: auditView(after),
    });
    return after;
  });
}

/** Every code of the batch on or off at once (one audit event with the count). */
export async function setCouponBatchEnabled(
  db: Db,
  actor: AuditActor,
  site: string,
  id: number,
  input: { enabled: boolean; expected_version: number },
): Promise<CouponBatch> {
  return db.transaction(async (tx) => {
    const before = await batchOrNotFound(tx, site, id, true);
    checkVersion(before.version, input.expected_version);
    await lockCodes(tx, id);
    await tx.execute(sql`
      UPDATE coupon_batches SET enabled = ${input.enabled}, version = version + 1 WHERE id = ${id}`);
    const changed = await tx.execute(sql`
      UPDATE coupons SET enabled = ${input.enabled}, version = version + 1
      WHERE batch_id = ${id} AND enabled <> ${input.enabled} RETURNING id`);
    const after = couponBatch(await batchOrNotFound(tx, site, id));
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'coupon_batch',
      objectId: String(id),
      action: input.enabled ? 'enable' : 'disable',
      before: { enabled: before.enabled, enabled_count: before.enabled_count, version: before.version },
      after: { enabled: after.enabled, codes_changed: changed.rows.length, version: after.version },
    });
    return after;
  });
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The batch's codes as a CSV file for Excel: UTF-8 with a BOM, CRLF lines, `code,uses,limit,enabled`
 * (limit empty when none), codes in alphabetical order.
 */
export async function couponBatchCsv(
  db: Db,
  site: string,
  id: number,
): Promise<{ filename: string; csv: string }> {
  await batchOrNotFound(db, site, id);
  const { rows } = await db.execute<{
    code: string;
    used_count: number;
    usage_limit: number | null;
    enabled: boolean;
  }>(sql`
    SELECT code, used_count, usage_limit, enabled FROM coupons WHERE batch_id = ${id} ORDER BY code`);
  const lines = [COUPON_BATCH_CSV_HEADER.join(',')];
  for (const row of rows) {
    lines.push(
      [
        row.code,
        String(row.used_count),
        row.usage_limit === null ? '' : String(row.usage_limit),
        String(row.enabled),
      ]
        .map(csvField)
        .join(','),
    );
  }
  return { filename: `coupons-${site}-${id}.csv`, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
}
