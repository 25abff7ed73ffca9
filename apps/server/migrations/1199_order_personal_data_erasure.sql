-- Staff erase a visitor's personal data from a purchase (2026-11-30, ADR 122): the orders keep when it was done,
-- so the console says so instead of showing an empty form, and a second erasure changes nothing.
ALTER TABLE orders ADD COLUMN personal_data_erased_at timestamptz;
