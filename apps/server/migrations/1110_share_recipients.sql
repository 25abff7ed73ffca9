-- The addresses a shared reservation's link was sent to ("Send tickets" with a share token, ADR 021), so a
-- change of date or a console move of the purchase can tell the companion that their tickets moved (ADR
-- 107). A shared reservation has no address of its own (its empty e-mail keeps it out of the inquiry); these
-- rows are only read to mail the companion. One row per share and address; a later send's language wins.
CREATE TABLE share_recipients (
  reservation_id bigint NOT NULL REFERENCES reservations (id) ON DELETE CASCADE,
  email          text NOT NULL,
  lang           text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (reservation_id, email)
);

-- The companion's mail when their shared tickets move with the purchase (ADR 107). The CHECK lists every
-- kind (keep them all).
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('mail_confirmation', 'invitation', 'purchase_confirmation', 'ticket_link', 'date_changed',
                  'staff_invitation', 'staff_password_reset', 'staff_second_factor_reset', 'slot_moved',
                  'refund_issued', 'visit_moved', 'daily_settlement', 'webhook_disabled',
                  'shared_visit_moved'));
