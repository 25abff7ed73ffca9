-- A payment-method discount (issue 32, ADR 103): a coupon that only a payment by one of its methods may
-- use, such as "10 % off when you pay with PayPay". NULL: any method (every coupon before this one).
-- Checkout refuses another method for an order it discounts (`coupon cannot be applied to specified order`),
-- and a purchase it discounted cannot change date (`cannot change ticket because payment method discount`).
ALTER TABLE coupons ADD COLUMN payment_methods text[];
ALTER TABLE coupons ADD CONSTRAINT coupons_payment_methods_not_empty
  CHECK (payment_methods IS NULL OR cardinality(payment_methods) > 0);
