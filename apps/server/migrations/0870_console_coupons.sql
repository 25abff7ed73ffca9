-- The console's coupons (issue 28, ADR 070): every coupon and campaign row carries a version for the
-- console's edit conflicts, and batches of generated codes share one definition.

ALTER TABLE coupons ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE coupon_campaigns ADD COLUMN version integer NOT NULL DEFAULT 1;

-- A batch: N codes made at once from one definition (kept here so the batch can be edited as one; each
-- code is a coupons row, which is all the visitor side reads).
CREATE TABLE coupon_batches (
  id              serial PRIMARY KEY,
  site_code       text NOT NULL REFERENCES sites(code) ON DELETE CASCADE,
  prefix          text NOT NULL DEFAULT '',
  code_count      integer NOT NULL CHECK (code_count BETWEEN 1 AND 10000),
  names           jsonb NOT NULL,
  campaign        text NOT NULL,
  discount_type   text NOT NULL CHECK (discount_type IN ('percent', 'fixed')),
  discount_value  integer NOT NULL CHECK (discount_value >= 0),
  is_invitation   boolean NOT NULL DEFAULT false,
  usage_limit     integer CHECK (usage_limit IS NULL OR usage_limit >= 1),
  valid_from      timestamptz,
  valid_to        timestamptz,
  coverage_from   date,
  coverage_to     date,
  channels        text[] NOT NULL,
  product_ids     integer[],
  enabled         boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now(),
  version         integer NOT NULL DEFAULT 1
);
CREATE INDEX coupon_batches_site_idx ON coupon_batches (site_code, id DESC);

ALTER TABLE coupons ADD COLUMN batch_id integer REFERENCES coupon_batches(id) ON DELETE CASCADE;
CREATE INDEX coupons_batch_idx ON coupons (batch_id) WHERE batch_id IS NOT NULL;
-- The console's list: a site's single codes, newest first.
CREATE INDEX coupons_site_list_idx ON coupons (site_code, id DESC);
