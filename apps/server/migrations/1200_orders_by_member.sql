-- A member's orders (2026-11-30, ADR 124): the console's member list counts them, and erasing a member unlinks
-- them (orders.member_id, ON DELETE SET NULL), which without an index scanned every order of every site.
-- Partial: holds and most sales have no member, and pay nothing for it.
CREATE INDEX orders_member_idx ON orders (member_id) WHERE member_id IS NOT NULL;
