-- Sharing tickets (ADR 021): a holder splits tickets off to a companion. The companion's tickets move to a
-- child reservation with its own 128-bit token (the shared link); the parent's page no longer lists them and
-- each moved ticket gets a new secret, so codes printed or screenshotted before the move stop working.
-- A child has no order of its own (the purchase stays the parent's: checkout, payments and the inquiry keep
-- reading the one reservation per order); it has a parent instead.
ALTER TABLE reservations ALTER COLUMN order_id DROP NOT NULL;
ALTER TABLE reservations ADD COLUMN parent_reservation_id bigint REFERENCES reservations(id) ON DELETE CASCADE;
ALTER TABLE reservations ADD CONSTRAINT reservations_order_xor_parent
  CHECK ((order_id IS NULL) <> (parent_reservation_id IS NULL));
CREATE INDEX reservations_parent_idx ON reservations (parent_reservation_id)
  WHERE parent_reservation_id IS NOT NULL;

-- The ticket link a holder sends to another address (POST /tickets/send/{reservationToken}).
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('mail_confirmation', 'invitation', 'purchase_confirmation', 'ticket_link'));
