-- ADR 111 (supersedes ADR 030's "NULL = open" entry window): every product has an entry window, so a ticket
-- is `invalid_time` at the gate outside its slot's day and slot unless the operator widens the margins.
-- `entry_opens_minutes_before` is the early-entry margin (before the slot starts), `entry_closes_minutes_after`
-- the late-entry grace (after it ends); 30 minutes each unless set. Existing and demo products, which had
-- NULL (admit on any day until used), take the defaults: a ticket for 10 December no longer opens the door
-- on 28 November. The gate also clamps the window to the slot's Tokyo day (ticket-at-gate.ts), so 1440
-- means "any time on the slot's day", never the day before.
UPDATE products SET entry_opens_minutes_before = 30 WHERE entry_opens_minutes_before IS NULL;
UPDATE products SET entry_closes_minutes_after = 30 WHERE entry_closes_minutes_after IS NULL;
ALTER TABLE products
  ALTER COLUMN entry_opens_minutes_before SET DEFAULT 30,
  ALTER COLUMN entry_opens_minutes_before SET NOT NULL,
  ALTER COLUMN entry_closes_minutes_after SET DEFAULT 30,
  ALTER COLUMN entry_closes_minutes_after SET NOT NULL,
  ADD CONSTRAINT products_entry_margins_max
    CHECK (entry_opens_minutes_before <= 1440 AND entry_closes_minutes_after <= 1440);
