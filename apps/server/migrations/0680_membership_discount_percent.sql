-- Change of date by a member (ADR 040): the order keeps the promotion's percentage it was discounted at, so a
-- change of date recomputes the same discount on the new visit's prices even after the site edits or drops
-- its promotion.
ALTER TABLE orders
  ADD COLUMN membership_discount_percent integer
    CHECK (membership_discount_percent BETWEEN 0 AND 100);

-- Orders discounted before this migration recorded only the amount. The site's promotion as it is now is
-- their percentage only where it gives that amount back, as the login fixed it (memberDiscount in
-- domain/membership/member-login.ts: the gross orders.price times the percentage, rounded down; integer
-- division of non-negative bigints is that floor). Where the promotion was edited since, the percentage
-- stays NULL and a change of date carries the amount given, at most the new price (carriedMemberDiscount).
UPDATE orders o SET membership_discount_percent = mp.discount_percent
FROM membership_promotions mp
WHERE mp.site_code = o.site_code AND o.membership_promotion_names IS NOT NULL
  AND o.membership_discount = o.price * mp.discount_percent / 100;

-- From here on time_changes.old_price and new_price are what the holder pays: the gross price less the member
-- discount and the coupons, never below zero (payablePrice, domain/time-changes/repriced-order.ts), so
-- price_difference and top_up are the difference of payable prices.
