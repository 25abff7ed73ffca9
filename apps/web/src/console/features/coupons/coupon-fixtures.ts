import type { ConsoleCoupon, CouponBatch } from '@kippu/contract/console/coupons-schemas';

/** Coupons and batches as the API answers them, for the screens' tests. */
const names = (en: string) => ({ ja: en, en, 'zh-hans': en, kr: en, 'zh-hant': en, th: en });

export function couponFixture(overrides: Partial<ConsoleCoupon> = {}): ConsoleCoupon {
  return {
    id: 31,
    code: 'SPRING10',
    kind: 'percent',
    discount_value: 10,
    names: names('Spring'),
    campaign: 'spring',
    campaign_coverage: null,
    valid_from: null,
    valid_to: null,
    coverage_from: null,
    coverage_to: null,
    channels: ['web'],
    product_ids: null,
    usage_limit: 100,
    payment_methods: null,
    used_count: 3,
    enabled: true,
    batch_id: null,
    version: 2,
    ...overrides,
  };
}

export function batchFixture(overrides: Partial<CouponBatch> = {}): CouponBatch {
  return {
    id: 5,
    prefix: 'SUMMER-',
    count: 1000,
    kind: 'fixed',
    discount_value: 500,
    names: names('Summer'),
    campaign: 'summer',
    valid_from: null,
    valid_to: null,
    coverage_from: null,
    coverage_to: null,
    channels: ['web'],
    product_ids: null,
    usage_limit: 1,
    payment_methods: null,
    enabled: true,
    enabled_count: 1000,
    used_count: 4,
    used_codes: 4,
    created_at: '2026-11-28T08:00:00Z',
    version: 1,
    ...overrides,
  };
}
