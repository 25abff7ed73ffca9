import { sql, type SQL } from 'drizzle-orm';
import {
  consoleCouponSchema,
  type ConsoleCoupon,
  type CouponListQuery,
} from '@kippu/contract/console/coupons-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import {
  checkProducts,
  checkVersion,
  consoleCoupon,
  COUPON_COLUMNS,
  COUPON_FROM,
  definitionColumns,
  fieldError,
  INT4_MAX,
  arrayParam,
  readCoupon,
  whereAll,
  type CouponDefinitionInput,
  type CouponRow,
} from './coupon-admin-rows.ts';
import { checkPaymentMethods } from './payment-method-coupons.ts';

/**
 * The console's single coupons (issue 28, ADR 070): list, read, create, edit, enable and disable. Uses are
 * never written here: the visitor side takes and gives them back (coupon-store.ts, coupon-usage.ts); an edit
 * locks the row, so it queues behind a use being taken and sees the count after it.
 */

const LIST_LIMIT = 100;

/** `%` and `_` typed by the operator are meant literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listCoupons(
  db: Db,
  site: string,
  query: CouponListQuery,
): Promise<{ coupons: ConsoleCoupon[]; total: number }> {
  const where: SQL[] = [sql`c.site_code = ${site}`];
  if (query.batch_id && query.batch_id > INT4_MAX) return { coupons: [], total: 0 };
  where.push(query.batch_id ? sql`c.batch_id = ${query.batch_id}` : sql`c.batch_id IS NULL`);
  if (query.kind === 'invitation') where.push(sql`c.is_invitation`);
  else if (query.kind === 'campaign') where.push(sql`cc.campaign IS NOT NULL`);
  else if (query.kind) where.push(sql`NOT c.is_invitation AND c.discount_type = ${query.kind}`);
  if (query.enabled) where.push(sql`c.enabled = ${query.enabled === 'true'}`);
  if (query.campaign) where.push(sql`c.campaign = ${query.campaign}`);
  if (query.q) {
    const pattern = likePattern(query.q);
    where.push(sql`(c.code ILIKE ${pattern}
      OR EXISTS (SELECT 1 FROM jsonb_each_text(c.names) n WHERE n.value ILIKE ${pattern}))`);
  }
  const { rows } = await db.execute<CouponRow & { total: number } & Record<string, unknown>>(sql`
    SELECT ${COUPON_COLUMNS}, count(*) OVER ()::int AS total FROM ${COUPON_FROM}
    WHERE ${whereAll(where)}
    ORDER BY c.id DESC LIMIT ${query.limit ?? LIST_LIMIT} OFFSET ${query.offset ?? 0}`);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && (query.offset ?? 0) > 0) {
    const counted = await db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM ${COUPON_FROM} WHERE ${whereAll(where)}`);
    total = counted.rows[0]!.n;
  }
  return { coupons: rows.map(consoleCoupon), total };
}

export async function getCoupon(db: Db, site: string, id: number): Promise<ConsoleCoupon> {
  const row = await readCoupon(db, site, id);
  if (!row) throw new AppError('record_not_found');
  return consoleCoupon(row);
}

/** A unique violation (the code is taken): answered as `console code taken` on the field. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

const codeTaken = () =>
  new AppError('console_code_taken', undefined, { issues: [{ path: 'code', message: 'taken' }] });

export async function createCoupon(
  db: Db,
  actor: AuditActor,
  site: string,
  input: CouponDefinitionInput & { code: string },
): Promise<ConsoleCoupon> {
  return db.transaction(async (tx) => {
    await checkProducts(tx, site, input.product_ids);
    const d = definitionColumns(input);
    await checkPaymentMethods(tx, site, d.paymentMethods);
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO coupons (site_code, code, names, campaign, discount_type, discount_value, is_invitation,
        usage_limit, valid_from, valid_to, coverage_from, coverage_to, channels, product_ids, enabled,
        payment_methods)
      VALUES (${site}, ${input.code}, ${d.names}::jsonb, ${d.campaign}, ${d.discountType}, ${d.discountValue},
        ${d.isInvitation}, ${d.usageLimit}, ${d.validFrom}::timestamptz, ${d.validTo}::timestamptz,
        ${d.coverageFrom}::date, ${d.coverageTo}::date, ${sql.param(d.channels)}::text[],
        ${arrayParam(d.productIds)}::int[], ${d.enabled},
        ${arrayParam(d.paymentMethods)}::text[])
      ON CONFLICT (site_code, code) DO NOTHING
      RETURNING id`);
    if (rows.length === 0) throw codeTaken();
    const coupon = consoleCoupon((await readCoupon(tx, site, rows[0]!.id))!);
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'coupon',
      objectId: String(coupon.id),
      action: 'create',
      after: coupon,
      schema: consoleCouponSchema,
    });
    return coupon;
  });
}

/** A new limit below the uses already held would break the visitor side's invariant (used ≤ limit). */
export function checkLimitAboveUses(limit: number | null, used: number): void {
  if (limit !== null && limit < used) throw fieldError('usage_limit', `below the ${used} uses already taken`);
}

export async function updateCoupon(
  db: Db,
  actor: AuditActor,
  site: string,
  id: number,
  input: CouponDefinitionInput & { code: string; expected_version: number },
): Promise<ConsoleCoupon> {
  try {
    return await db.transaction(async (tx) => {
      const row = await readCoupon(tx, site, id, true);
      if (!row) throw new AppError('record_not_found');
      checkVersion(row.version, input.expected_version);
      if (row.batch_id !== null) {
        throw new AppError('console_in_use', 'a code of a batch is edited through its batch', {
          issues: [{ path: 'batch_id', message: 'edit the batch' }],
        });
      }
      checkLimitAboveUses(input.usage_limit, row.used_count);
      await checkProducts(tx, site, input.product_ids);
      const taken = await tx.execute(sql`
        SELECT 1 FROM coupons WHERE site_code = ${site} AND code = ${input.code} AND id <> ${id}`);
      if (taken.rows.length > 0) throw codeTaken();
      const d = definitionColumns(input);
      await checkPaymentMethods(tx, site, d.paymentMethods);
      await tx.execute(sql`
        UPDATE coupons SET code = ${input.code}, names = ${d.names}::jsonb, campaign = ${d.campaign},
          discount_type = ${d.discountType}, discount_value = ${d.discountValue}, is_invitation = ${d.isInvitation},
          usage_limit = ${d.usageLimit}, valid_from = ${d.validFrom}::timestamptz,
          valid_to = ${d.validTo}::timestamptz, coverage_from = ${d.coverageFrom}::date,
          coverage_to = ${d.coverageTo}::date, channels = ${sql.param(d.channels)}::text[],
          product_ids = ${arrayParam(d.productIds)}::int[], enabled = ${d.enabled},
          payment_methods = ${arrayParam(d.paymentMethods)}::text[], version = version + 1
        WHERE id = ${id}`);
      const after = consoleCoupon((await readCoupon(tx, site, id))!);
      await recordAudit(tx, {
        actor,
        siteCode: site,
        objectType: 'coupon',
        objectId: String(id),
        action: 'update',
        before: consoleCoupon(row),
        after,
        schema: consoleCouponSchema,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/** Enables or disables one coupon: a single code, or one code of a batch. A disabled code refuses further use. */
export async function setCouponEnabled(
  db: Db,
  actor: AuditActor,
  site: string,
  id: number,
  input: { enabled: boolean; expected_version: number },
): Promise<ConsoleCoupon> {
  return db.transaction(async (tx) => {
    const row = await readCoupon(tx, site, id, true);
    if (!row) throw new AppError('record_not_found');
    checkVersion(row.version, input.expected_version);
    await tx.execute(sql`
      UPDATE coupons SET enabled = ${input.enabled}, version = version + 1 WHERE id = ${id}`);
    const after = consoleCoupon((await readCoupon(tx, site, id))!);
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'coupon',
      objectId: String(id),
      action: input.enabled ? 'enable' : 'disable',
      before: { enabled: row.enabled, version: row.version },
      after: { enabled: after.enabled, version: after.version },
    });
    return after;
  });
}
