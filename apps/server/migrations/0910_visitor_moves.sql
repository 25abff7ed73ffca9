-- Moving every visitor of a closed slot or day (issue 29, ADR 079). A run empties its source slots into the
-- target slots staff chose, one reservation at a time (whole, first come first served), as a job (ADR 057):
-- one item per reservation, each settled in its own transaction with its mail, so a restart or a kill -9
-- continues where it stopped and never moves or mails twice.

CREATE TABLE visitor_moves (
  id                   bigserial PRIMARY KEY,
  site_code            text NOT NULL REFERENCES sites(code),
  product_id           integer NOT NULL REFERENCES products(id),
  -- What staff named: {"kind":"slot","slot_id":…} or {"kind":"day","product_uuid":…,"date":…}.
  source               jsonb NOT NULL CHECK (source->>'kind' IN ('slot', 'day')),
  -- The slots emptied (closed by the run's creation) and the targets, in the order they are filled.
  source_slot_ids      bigint[] NOT NULL CHECK (cardinality(source_slot_ids) >= 1),
  target_slot_ids      bigint[] NOT NULL CHECK (cardinality(target_slot_ids) >= 1),
  -- What happens to a reservation no target has room for.
  fallback             text NOT NULL CHECK (fallback IN ('refund', 'leave')),
  -- Until when the visitor's link may choose; null: each visit's new day (00:00 Tokyo).
  deadline             timestamptz,
  -- queued: written, its job not started; running; done: every item settled.
  status               text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done')),
  created_by_staff_id  bigint REFERENCES staff(id),
  created_by_label     text NOT NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  started_at           timestamptz,
  finished_at          timestamptz
);
CREATE INDEX visitor_moves_site_idx ON visitor_moves (site_code, id DESC);
-- "One run per source at a time" is checked under the source slots' row locks; this finds the open runs.
CREATE INDEX visitor_moves_open_idx ON visitor_moves USING gin (source_slot_ids) WHERE status <> 'done';

CREATE TABLE visitor_move_items (
  id                  bigserial PRIMARY KEY,
  move_id             bigint NOT NULL REFERENCES visitor_moves(id),
  -- Purchase order within the run (first come first served): items are settled in this order.
  position            integer NOT NULL CHECK (position >= 1),
  reservation_id      bigint NOT NULL REFERENCES reservations(id),
  from_slot_id        bigint NOT NULL REFERENCES time_spans(id),
  -- The target the preview's plan chose; null: it did not fit.
  planned_slot_id     bigint REFERENCES time_spans(id),
  -- Tickets (not void) of the reservation and its shares when the run was made.
  tickets             integer NOT NULL CHECK (tickets >= 0),
  -- pending → moved / refunded / left / failed; only a pending item changes, once.
  state               text NOT NULL DEFAULT 'pending'
                      CHECK (state IN ('pending', 'moved', 'refunded', 'left', 'failed')),
  -- Why it did not move (no_room, out_of_stock, not_reserved, ticket_used, refund_failed, …).
  reason              text CHECK (length(reason) <= 200),
  -- Where the visit is now (the target, or the slot the visitor chose with their link).
  moved_to_slot_id    bigint REFERENCES time_spans(id),
  -- SHA-256 (hex) of the self-service link's 128-bit random token; only the mail carries the token.
  token_hash          text UNIQUE,
  deadline            timestamptz,
  -- The visitor's one choice through the link.
  visitor_choice      text CHECK (visitor_choice IN ('slot', 'refund')),
  visitor_choice_at   timestamptz,
  -- The refund (the run's fallback or the visitor's choice), as cancelTickets answered it.
  refund_id           bigint REFERENCES refunds(id),
  mails               integer NOT NULL DEFAULT 0 CHECK (mails >= 0),
  finished_at         timestamptz,
  UNIQUE (move_id, position),
  UNIQUE (move_id, reservation_id)
);
CREATE INDEX visitor_move_items_pending_idx ON visitor_move_items (move_id, position) WHERE state = 'pending';
CREATE INDEX visitor_move_items_reservation_idx ON visitor_move_items (reservation_id);

-- The mail of a moved visit: its new time, new QR codes and (for the holder) the self-service link.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('mail_confirmation', 'invitation', 'purchase_confirmation', 'ticket_link', 'date_changed',
                  'staff_invitation', 'staff_password_reset', 'staff_second_factor_reset', 'slot_moved',
                  'refund_issued', 'visit_moved'));
