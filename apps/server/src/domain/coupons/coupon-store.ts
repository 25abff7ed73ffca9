import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { LangCode, LocalizedText, SiteCode } from '@kippu/contract';
import type { Tx } from '../../db/client.ts';
import { couponCampaigns, coupons, orderCoupons } from '../../db/schema.ts';
import type { CouponFacts } from './coupon-rules.ts';

export interface StoredCoupon extends CouponFacts {
  code: string;
  names: LocalizedText;
  discountValue: number;
}

const couponColumns = {
  id: coupons.id,
  code: coupons.code,
  names: coupons.names,
  campaign: coupons.campaign,
  discountType: coupons.discountType,
  discountValue: coupons.discountValue,
  isInvitation: coupons.isInvitation,
  enabled: coupons.enabled,
  usageLimit: coupons.usageLimit,
  usedCount: coupons.usedCount,
  validFrom: coupons.validFrom,
  validTo: coupons.validTo,
  coverageFrom: coupons.coverageFrom,
  coverageTo: coupons.coverageTo,
  channels: coupons.channels,
  productIds: coupons.productIds,
};

export async function findCoupon(
  tx: Tx,
  site: SiteCode,
  code: string,
): Promise<
  { coupon: StoredCoupon; campaignCoverage: { from: string | null; to: string | null } | null } | undefined
> {
  const [row] = await tx
    .select({
      ...couponColumns,
      campaignFrom: couponCampaigns.coverageFrom,
      campaignTo: couponCampaigns.coverageTo,
      hasCampaign: couponCampaigns.campaign,
    })
    .from(coupons)
    .leftJoin(
      couponCampaigns,
      and(eq(couponCampaigns.siteCode, coupons.siteCode), eq(couponCampaigns.campaign, coupons.campaign)),
    )
    .where(and(eq(coupons.siteCode, site), eq(coupons.code, code)));
  if (!row) return undefined;
  const { campaignFrom, campaignTo, hasCampaign, ...coupon } = row;
  return { coupon, campaignCoverage: hasCampaign === null ? null : { from: campaignFrom, to: campaignTo } };
}

export interface AppliedCoupon extends StoredCoupon {
  orderCouponId: number;
  discount: number;
}

/** The coupons on an order in the order they were entered. */
export async function appliedCoupons(tx: Tx, orderId: number): Promise<AppliedCoupon[]> {
  return tx
    .select({ ...couponColumns, orderCouponId: orderCoupons.id, discount: orderCoupons.discount })
    .from(orderCoupons)
    .innerJoin(coupons, eq(coupons.id, orderCoupons.couponId))
    .where(eq(orderCoupons.orderId, orderId))
    .orderBy(asc(orderCoupons.id));
}

/** Takes one use if any is left; false when the limit is reached (safe under concurrent orders). */
export async function takeUse(tx: Tx, couponId: number): Promise<boolean> {
  const taken = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit)),
      ),
    )
    .returning({ id: coupons.id });
  return taken.length === 1;
}

export async function giveUseBack(tx: Tx, couponId: number): Promise<void> {
  await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} - 1` })
    .where(and(eq(coupons.id, couponId), sql`${coupons.usedCount} > 0`));
}

export function couponName(names: LocalizedText, lang: string): string {
  return names[lang as LangCode] ?? names.ja;
}
