-- Payment-method discounts in the console (ADR 103 addendum): a batch's definition carries the methods its
-- codes are bound to, copied to each code's `coupons.payment_methods` (migration 1111) as the other fields
-- are. NULL: any method; never empty.
ALTER TABLE coupon_batches ADD COLUMN payment_methods text[];
ALTER TABLE coupon_batches ADD CONSTRAINT coupon_batches_payment_methods_not_empty
  CHECK (payment_methods IS NULL OR cardinality(payment_methods) > 0);
