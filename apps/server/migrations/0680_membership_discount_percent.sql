-- Change of date by a member (ADR 040): the order keeps the promotion's percentage it was discounted at, so a
-- change of date recomputes the same discount on the new visit's prices even after the site edits or drops
-- its promotion. Orders discounted before this migration take the site's promotion as it is now, the best
-- record there is of what they were given.
ALTER TABLE orders
  ADD COLUMN membership_discount_percent integer
    CHECK (membership_discount_percent BETWEEN 0 AND 100);

UPDATE orders o SET membership_discount_percent = mp.discount_percent
FROM membership_promotions mp
WHERE mp.site_code = o.site_code AND o.membership_promotion_names IS NOT NULL;

-- From here on time_changes.old_price and new_price are gross less the member discount (what the holder pays
-- before coupons), so price_difference and top_up are the difference of member prices.
