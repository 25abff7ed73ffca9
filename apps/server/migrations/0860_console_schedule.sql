-- The console's slots (issue 28, ADR 069). A slot (time_spans row) gets a version for the console's conflict
-- check (bumped by every console write) and the time it was last edited on its own ("changed by hand"), which
-- bulk edits may skip. The unique index on (product_id, starts_at) exists since migration 0100 (the seed
-- upserts on it), so no duplicate starts can be on disk: the generator's ON CONFLICT DO NOTHING uses it.
ALTER TABLE time_spans
  ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  ADD COLUMN edited_at timestamptz;

-- "Your slot moved": the mail to each holder of a slot the console shifted.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('mail_confirmation', 'invitation', 'purchase_confirmation', 'ticket_link', 'date_changed',
                  'staff_invitation', 'staff_password_reset', 'staff_second_factor_reset', 'slot_moved'));
