-- Issue 29, ADR 076 (after review): every staff refund that takes an order's staff refunds above the
-- organisation's refund_limit_yen waits for a second member's approval. The column's default of 0 (from when the
-- limit bounded the box office alone) would make every refund of a new organisation a two-person task, and no
-- console screen sets the limit yet; ¥30,000 (a family's visit) is the default, and organisations still at the
-- old default get it too. An operator may set any amount, 0 included (every refund approved by two people).
ALTER TABLE organisations ALTER COLUMN refund_limit_yen SET DEFAULT 30000;
UPDATE organisations SET refund_limit_yen = 30000 WHERE refund_limit_yen = 0;
