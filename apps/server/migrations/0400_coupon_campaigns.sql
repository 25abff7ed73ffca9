-- Campaign-level coverage: the visit dates a whole campaign covers, on top of each coupon's own
-- coverage_from/coverage_to. A visit outside it answers 'out of coverage dates' (the coupon's own
-- window answers 'out of coverage dates of the coupon'); ADR 008. No row means no campaign limit.
CREATE TABLE coupon_campaigns (
  site_code      text NOT NULL REFERENCES sites(code) ON DELETE CASCADE,
  campaign       text NOT NULL,
  coverage_from  date,
  coverage_to    date,
  PRIMARY KEY (site_code, campaign),
  CONSTRAINT coupon_campaigns_coverage_ordered
    CHECK (coverage_from IS NULL OR coverage_to IS NULL OR coverage_from <= coverage_to)
);

-- Giving a use back can never take the counter below zero (the last line of defence behind the
-- conditional updates in the coupon service and releaseCouponUsage).
ALTER TABLE coupons ADD CONSTRAINT coupons_used_count_non_negative CHECK (used_count >= 0);

-- Releasing orders and deleting coupons look order_coupons up by coupon too.
CREATE INDEX order_coupons_coupon_idx ON order_coupons (coupon_id);
