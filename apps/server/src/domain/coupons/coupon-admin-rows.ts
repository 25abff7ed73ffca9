import { sql, type SQL } from 'drizzle-orm';
import type { LocalizedText } from '@kippu/contract';
import type { ConsoleCoupon, CouponKind } from '@kippu/contract/console/coupons-schemas';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';

/**
 * What the console's coupon functions share (ADR 070): a coupon row as the console shows it, a definition as
 * the columns store it, and the checks the database would otherwise answer with a server error.
 */

export type Executor = Pick<Db | Tx, 'execute'>;

/** The fields a single code, a batch and each code of a batch share (the contract's definition). */
export interface CouponDefinitionInput {
  kind: CouponKind;
  discount_value: number | null;
  names: LocalizedText;
  campaign: string;
  valid_from: string | null;
  valid_to: string | null;
  coverage_from: string | null;
  coverage_to: string | null;
  channels: string[];
  product_ids: number[] | null;
  usage_limit: number | null;
  enabled: boolean;
  /** Absent or null: any payment method (ADR 103). */
  payment_methods?: string[] | null;
}

/** The stored columns of a definition: an invitation is stored as `fixed 0` (ADR 008 ignores its value). */
export function definitionColumns(input: CouponDefinitionInput) {
  const invitation = input.kind === 'invitation';
  return {
    names: JSON.stringify(input.names),
    campaign: input.campaign,
    discountType: invitation ? 'fixed' : input.kind,
    discountValue: invitation ? 0 : (input.discount_value ?? 0),
    isInvitation: invitation,
    usageLimit: input.usage_limit,
    validFrom: input.valid_from,
    validTo: input.valid_to,
    coverageFrom: input.coverage_from,
    coverageTo: input.coverage_to,
    channels: input.channels,
    productIds: input.product_ids,
    enabled: input.enabled,
    paymentMethods: input.payment_methods ?? null,
  };
}

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

export interface DefinitionRow {
  names: LocalizedText;
  campaign: string;
  discount_type: 'percent' | 'fixed';
  discount_value: number;
  is_invitation: boolean;
  valid_from: Date | string | null;
  valid_to: Date | string | null;
  coverage_from: string | null;
  coverage_to: string | null;
  channels: string[];
  product_ids: number[] | null;
  usage_limit: number | null;
  enabled: boolean;
  payment_methods: string[] | null;
}

/** The definition of a stored row, as the contract names it. */
export function definitionOf(row: DefinitionRow) {
  return {
    kind: (row.is_invitation ? 'invitation' : row.discount_type) as CouponKind,
    discount_value: row.is_invitation ? null : row.discount_value,
    names: row.names,
    campaign: row.campaign,
    valid_from: iso(row.valid_from),
    valid_to: iso(row.valid_to),
    coverage_from: row.coverage_from,
    coverage_to: row.coverage_to,
    channels: row.channels,
    product_ids: row.product_ids,
    usage_limit: row.usage_limit,
    payment_methods: row.payment_methods,
    enabled: row.enabled,
  };
}

export interface CouponRow extends DefinitionRow {
  id: number;
  code: string;
  used_count: number;
  batch_id: number | null;
  version: number;
  has_campaign: boolean;
  campaign_from: string | null;
  campaign_to: string | null;
}

/** Columns of `coupons c` joined with its campaign `cc`, read as `CouponRow`. */
export const COUPON_COLUMNS = sql`c.id, c.code, c.names, c.campaign, c.discount_type, c.discount_value,
  c.is_invitation, c.valid_from, c.valid_to, c.coverage_from::text AS coverage_from,
  c.coverage_to::text AS coverage_to, c.channels, c.product_ids, c.usage_limit, c.payment_methods, c.used_count, c.enabled,
  c.batch_id, c.version, cc.campaign IS NOT NULL AS has_campaign, cc.coverage_from::text AS campaign_from,
  cc.coverage_to::text AS campaign_to`;
export const COUPON_FROM = sql`coupons c
  LEFT JOIN coupon_campaigns cc ON cc.site_code = c.site_code AND cc.campaign = c.campaign`;

export function consoleCoupon(row: CouponRow): ConsoleCoupon {
  const { enabled, ...definition } = definitionOf(row);
  return {
    id: row.id,
    code: row.code,
    ...definition,
    campaign_coverage: row.has_campaign ? { from: row.campaign_from, to: row.campaign_to } : null,
    used_count: row.used_count,
    enabled,
    batch_id: row.batch_id,
    version: row.version,
  };
}

/** The largest id of a `serial` column: a larger one names nothing (and must not reach an int comparison). */
export const INT4_MAX = 2_147_483_647;

export async function readCoupon(
  tx: Executor,
  site: string,
  id: number,
  lock = false,
): Promise<CouponRow | undefined> {
  if (id > INT4_MAX) return undefined;
  const { rows } = await tx.execute<CouponRow & Record<string, unknown>>(sql`
    SELECT ${COUPON_COLUMNS} FROM ${COUPON_FROM}
    WHERE c.site_code = ${site} AND c.id = ${id} ${lock ? sql`FOR UPDATE OF c` : sql``}`);
  return rows[0];
}

/** A field problem answered as `invalid request` with the field named (never a database error). */
export function fieldError(path: string, message: string): AppError {
  return new AppError('invalid_request', `${path}: ${message}`, { issues: [{ path, message }] });
}

/** Every product named must be one of the site's (a foreign id would never match an order). */
export async function checkProducts(tx: Executor, site: string, productIds: number[] | null): Promise<void> {
  if (productIds === null) return;
  const { rows } = await tx.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM products
    WHERE site_code = ${site} AND id = ANY(${sql.param(productIds)}::int[])`);
  if (rows[0]!.n !== new Set(productIds).size) throw fieldError('product_ids', 'not a product of this site');
}

/** A definition's optional list (product ids, payment methods) as one array parameter, or null for "any". */
export function arrayParam(values: readonly (string | number)[] | null) {
  return values === null ? null : sql.param(values);
}

/** The row's version must be the one the editor read (else `console edit conflict`). */
export function checkVersion(current: number, expected: number): void {
  if (current !== expected) {
    throw new AppError('console_edit_conflict', undefined, { current_version: current });
  }
}

export function whereAll(parts: SQL[]): SQL {
  return sql.join(parts, sql` AND `);
}
