import { describe, expect, it } from 'vitest';
import { COUPON_RULES, firstBrokenRule, type CouponCheck, type CouponFacts } from './coupon-rules.ts';

const NOW = new Date('2030-05-01T00:00:00Z');

function facts(patch: Partial<CouponFacts> = {}): CouponFacts {
  return {
    id: 1,
    campaign: 'spring',
    discountType: 'percent',
    isInvitation: false,
    enabled: true,
    usageLimit: null,
    usedCount: 0,
    validFrom: null,
    validTo: null,
    coverageFrom: null,
    coverageTo: null,
    channels: ['web'],
    productIds: null,
    ...patch,
  };
}

function check(patch: Partial<CouponCheck> = {}): CouponCheck {
  return {
    now: NOW,
    order: { channel: 'web', productId: 7, quantity: 2, visitDate: '2030-05-10' },
    coupon: facts(),
    campaignCoverage: null,
    applied: [],
    ...patch,
  };
}

describe('coupon rules', () => {
  it('passes a plain coupon', () => {
    expect(firstBrokenRule(check())).toBeNull();
  });

  it('the first broken rule wins', () => {
    // Disabled, expired and for another channel at once: disabled is checked first.
    const coupon = facts({ enabled: false, validTo: new Date('2030-01-01'), channels: ['pos'] });
    expect(firstBrokenRule(check({ coupon }))).toBe('coupon_not_available');
    expect(firstBrokenRule(check({ coupon: { ...coupon, enabled: true } }))).toBe('expired_coupon');
  });

  it('the entry window includes its start and excludes its end', () => {
    expect(firstBrokenRule(check({ coupon: facts({ validFrom: NOW }) }))).toBeNull();
    expect(firstBrokenRule(check({ coupon: facts({ validTo: NOW }) }))).toBe('expired_coupon');
    expect(firstBrokenRule(check({ coupon: facts({ validFrom: new Date(NOW.getTime() + 1) }) }))).toBe(
      'coupon_not_available',
    );
  });

  it('checks the campaign coverage before the coupon coverage', () => {
    const both = check({
      coupon: facts({ coverageFrom: '2030-06-01' }),
      campaignCoverage: { from: '2030-06-01', to: null },
    });
    expect(firstBrokenRule(both)).toBe('out_of_coverage_dates');
    expect(firstBrokenRule({ ...both, campaignCoverage: { from: null, to: '2030-05-10' } })).toBe(
      'coupon_out_of_coverage_dates',
    );
  });

  it('tells a duplicated invitation from a repeated regular coupon', () => {
    expect(
      firstBrokenRule(
        check({ coupon: facts({ isInvitation: true }), applied: [facts({ isInvitation: true })] }),
      ),
    ).toBe('duplicated_invitation_code');
    expect(firstBrokenRule(check({ applied: [facts()] }))).toBe('coupon_not_applicable');
  });

  it('reports the usage limit last, after the combination rules', () => {
    const coupon = facts({ id: 2, usageLimit: 1, usedCount: 1, campaign: 'autumn' });
    expect(firstBrokenRule(check({ coupon, applied: [facts()] }))).toBe('coupon_different_campaigns');
    expect(firstBrokenRule(check({ coupon }))).toBe('coupon_limit_reached');
    expect(COUPON_RULES.length).toBeGreaterThan(10);
  });
});
