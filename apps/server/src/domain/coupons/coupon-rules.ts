import type { ErrorCode } from '@kippu/contract';

export interface CouponFacts {
  id: number;
  campaign: string;
  discountType: 'percent' | 'fixed';
  isInvitation: boolean;
  enabled: boolean;
  usageLimit: number | null;
  usedCount: number;
  validFrom: Date | null;
  validTo: Date | null;
  /** Visit dates as 'YYYY-MM-DD'. */
  coverageFrom: string | null;
  coverageTo: string | null;
  channels: string[];
  productIds: number[] | null;
}

export interface CouponCheck {
  now: Date;
  order: { channel: string; productId: number; quantity: number; visitDate: string };
  coupon: CouponFacts;
  /** Visit dates the coupon's campaign covers, when the site set some (migration 0400). */
  campaignCoverage: { from: string | null; to: string | null } | null;
  /** Coupons already on the order. */
  applied: CouponFacts[];
}

/** One rule: the error code it fails with, or null when the coupon passes it. */
export type CouponRule = (check: CouponCheck) => ErrorCode | null;

const isEnabled: CouponRule = ({ coupon }) => (coupon.enabled ? null : 'coupon_not_available');

const entryWindowStarted: CouponRule = ({ coupon, now }) =>
  coupon.validFrom && now < coupon.validFrom ? 'coupon_not_available' : null;

const entryWindowNotOver: CouponRule = ({ coupon, now }) =>
  coupon.validTo && now >= coupon.validTo ? 'expired_coupon' : null;

const channelAllowed: CouponRule = ({ coupon, order }) =>
  coupon.channels.includes(order.channel) ? null : 'invalid_channel';

const productCovered: CouponRule = ({ coupon, order }) =>
  coupon.productIds === null || coupon.productIds.includes(order.productId) ? null : 'coupon_not_applicable';

function within(date: string, from: string | null, to: string | null): boolean {
  // ISO dates compare correctly as strings.
  return (from === null || date >= from) && (to === null || date <= to);
}

const campaignCoversVisit: CouponRule = ({ campaignCoverage, order }) =>
  campaignCoverage === null || within(order.visitDate, campaignCoverage.from, campaignCoverage.to)
    ? null
    : 'out_of_coverage_dates';

const couponCoversVisit: CouponRule = ({ coupon, order }) =>
  within(order.visitDate, coupon.coverageFrom, coupon.coverageTo) ? null : 'coupon_out_of_coverage_dates';

const notAppliedYet: CouponRule = ({ coupon, applied }) => {
  if (!applied.some((other) => other.id === coupon.id)) return null;
  return coupon.isInvitation ? 'duplicated_invitation_code' : 'coupon_not_applicable';
};

/** Invitation codes make tickets free; a percent ("flat-rate") or fixed coupon never joins them. */
const invitationsNotMixed: CouponRule = ({ coupon, applied }) =>
  applied.some((other) => other.isInvitation !== coupon.isInvitation) ? 'coupon_fixed_with_invitation' : null;

const sameCampaign: CouponRule = ({ coupon, applied }) =>
  applied.some((other) => other.campaign !== coupon.campaign) ? 'coupon_different_campaigns' : null;

const invitationsWithinTickets: CouponRule = ({ coupon, applied, order }) => {
  if (!coupon.isInvitation) return null;
  const invitations = applied.filter((other) => other.isInvitation).length + 1;
  return invitations > order.quantity ? 'invitation_codes_exceed_tickets' : null;
};

/** A read-only early answer; the conditional update that takes the use is the authority under races. */
const usesLeft: CouponRule = ({ coupon }) =>
  coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit ? 'coupon_limit_reached' : null;

/** Run in this order; the first failure wins (ADR 008 explains the order). */
export const COUPON_RULES: readonly CouponRule[] = [
  isEnabled,
  entryWindowStarted,
  entryWindowNotOver,
  channelAllowed,
  productCovered,
  campaignCoversVisit,
  couponCoversVisit,
  notAppliedYet,
  invitationsNotMixed,
  sameCampaign,
  invitationsWithinTickets,
  usesLeft,
];

export function firstBrokenRule(
  check: CouponCheck,
  rules: readonly CouponRule[] = COUPON_RULES,
): ErrorCode | null {
  for (const rule of rules) {
    const broken = rule(check);
    if (broken) return broken;
  }
  return null;
}
