-- Refunds by ticket (issue 29, ADR 076). A refund cancels some or all valid tickets of a reserved order, with
-- money back or not. Its row is written (under the order's lock) before any gateway is called, with a UNIQUE
-- idempotency key, so a retry or a double click answers the same refund and the gateway is asked once per key.

CREATE TABLE refunds (
  id                     bigserial PRIMARY KEY,
  -- The reservation's order when the refund was asked (after a change of date: the change's order).
  order_id               bigint NOT NULL REFERENCES orders(id),
  reservation_id         bigint NOT NULL REFERENCES reservations(id),
  site_code              text NOT NULL REFERENCES sites(code),
  -- The payment given back first (the newest); every payment a refund touches is in refund_payments.
  payment_id             bigint REFERENCES payments(id),
  -- Integer yen given back in total: the sum of refund_tickets.amount (0 for a cancel without money).
  amount                 bigint NOT NULL CHECK (amount >= 0),
  -- none: tickets cancelled without money; awaiting_approval: above the organisation's limit, nothing
  -- voided yet; requested: tickets voided, the gateway not (yet) answered; succeeded: money back;
  -- failed: the gateway refused (staff record a manual refund); manual: the method cannot give money back
  -- by itself (cash, card terminal) or staff gave it back by hand (manual_recorded_at says when);
  -- rejected: a second staff member refused the approval, nothing changed.
  status                 text NOT NULL
                         CHECK (status IN ('none', 'awaiting_approval', 'requested', 'succeeded', 'failed',
                                           'manual', 'rejected')),
  -- Free text for the order's timeline, e.g. 'visitor_sick', 'slot_closed'.
  reason                 text NOT NULL CHECK (length(reason) <= 500),
  -- The caller's key: the same key answers the same refund.
  idempotency_key        text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  -- Who caused it: a staff member, or null for the system (moves) and the visitor (moved-visit link).
  requested_by_staff_id  bigint REFERENCES staff(id),
  -- The actor's audit label, for the timeline ('system', 'visitor', a staff member's).
  requested_by_label     text NOT NULL,
  approved_by_staff_id   bigint REFERENCES staff(id),
  failure_code           text,
  provider_events        jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(provider_events) = 'array'),
  -- A manual refund (cash back, a card terminal's refund, a failed automatic one paid by hand): who, when.
  manual_recorded_by_staff_id bigint REFERENCES staff(id),
  manual_recorded_at     timestamptz,
  manual_note            text CHECK (length(manual_note) <= 500),
  -- How often the reconciliation job asked the gateway again (a time-out leaves it requested).
  attempts               integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  completed_at           timestamptz
);
CREATE INDEX refunds_order_idx ON refunds (order_id, id);
CREATE INDEX refunds_reservation_idx ON refunds (reservation_id, id);
-- The approvals list and the reconciliation job scan these.
CREATE INDEX refunds_open_idx ON refunds (site_code, status, id)
  WHERE status IN ('awaiting_approval', 'requested', 'failed', 'manual');

-- The tickets a refund cancels, with each one's share of the money (price less its share of the order's
-- discounts; the remainder on the order's last ticket, so the shares sum to what was paid).
CREATE TABLE refund_tickets (
  refund_id   bigint NOT NULL REFERENCES refunds(id),
  ticket_id   bigint NOT NULL REFERENCES tickets(id),
  amount      bigint NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (refund_id, ticket_id)
);
CREATE INDEX refund_tickets_ticket_idx ON refund_tickets (ticket_id);

-- Each payment a refund gives money back through (a change of date's top-up first, then the original
-- payment, ADR 029), with the key sent to the gateway: `refund-<refund id>-<payment id>`.
CREATE TABLE refund_payments (
  refund_id           bigint NOT NULL REFERENCES refunds(id),
  payment_id          bigint NOT NULL REFERENCES payments(id),
  amount              bigint NOT NULL CHECK (amount > 0),
  refund_key          text NOT NULL UNIQUE,
  status              text NOT NULL DEFAULT 'requested'
                      CHECK (status IN ('requested', 'succeeded', 'failed', 'manual')),
  provider_reference  text,
  failure_code        text,
  completed_at        timestamptz,
  PRIMARY KEY (refund_id, payment_id)
);

-- Separation of duties: a refund above the organisation's refund_limit_yen waits for a second staff member.
CREATE TABLE refund_approvals (
  refund_id             bigint PRIMARY KEY REFERENCES refunds(id),
  requested_by_staff_id bigint REFERENCES staff(id),
  requested_at          timestamptz NOT NULL DEFAULT now(),
  -- The limit it was measured against, as it was then.
  limit_yen             integer NOT NULL CHECK (limit_yen >= 0),
  decision              text CHECK (decision IN ('approved', 'rejected')),
  decided_by_staff_id   bigint REFERENCES staff(id),
  decided_at            timestamptz,
  note                  text CHECK (length(note) <= 500),
  CHECK ((decision IS NULL) = (decided_at IS NULL) AND (decision IS NULL) = (decided_by_staff_id IS NULL))
);

-- Return notes (返還インボイス, a qualified invoice's counterpart): one per refund with money, numbered per
-- site, in the visitor's language. An issued receipt never changes; the note says what went back.
CREATE TABLE return_note_counters (
  site_code    text PRIMARY KEY REFERENCES sites(code),
  last_number  integer NOT NULL CHECK (last_number >= 0)
);

CREATE TABLE return_notes (
  id              bigserial PRIMARY KEY,
  refund_id       bigint NOT NULL UNIQUE REFERENCES refunds(id),
  site_code       text NOT NULL REFERENCES sites(code),
  -- 'H', the site code, '-', the site's sequence (zero-padded): printed and quoted to support.
  note_number     text NOT NULL UNIQUE,
  reservation_id  bigint NOT NULL REFERENCES reservations(id),
  lang            text NOT NULL,
  amount          bigint NOT NULL CHECK (amount > 0),
  issued_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX return_notes_reservation_idx ON return_notes (reservation_id, id);

-- The mail that sends the visitor their return note.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('mail_confirmation', 'invitation', 'purchase_confirmation', 'ticket_link', 'date_changed',
                  'staff_invitation', 'staff_password_reset', 'staff_second_factor_reset', 'slot_moved',
                  'refund_issued'));
