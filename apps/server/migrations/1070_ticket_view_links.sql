-- View-only ticket links (issue 32, ADR 102): "send tickets" mails one of these, never the holder's own
-- reservation token, so the recipient sees the tickets (QR codes, the visit) and can do nothing the
-- holder's token allows (change the date, issue receipts, refund, share, send again).

-- One row per send: each recipient's link is its own token, so one can be revoked without the others.
CREATE TABLE ticket_view_links (
  id             bigserial PRIMARY KEY,
  token          text NOT NULL UNIQUE,
  reservation_id bigint NOT NULL REFERENCES reservations (id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  -- Set when the holder withdraws the link; a revoked link answers as an unknown one.
  revoked_at     timestamptz
);
CREATE INDEX ticket_view_links_reservation_idx ON ticket_view_links (reservation_id);
