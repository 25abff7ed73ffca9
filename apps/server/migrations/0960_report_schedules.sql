-- Scheduled reports (issue 30, ADR 084): the daily settlement mailed each morning (07:00 Tokyo, the previous
-- day) to staff an organisation chose. One schedule per organisation and kind; its recipients; and one row per
-- (schedule, day, recipient) sent, written in the transaction that queues the mail, so two job runners, a
-- retried run or a restart never mail the same day twice to one person.

CREATE TABLE report_schedules (
  organisation_id  bigint NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  kind             text NOT NULL CHECK (kind IN ('daily_settlement')),
  enabled          boolean NOT NULL DEFAULT false,
  -- Empty: every site of the organisation (as the recipient's membership covers them).
  site_codes       text[] NOT NULL DEFAULT '{}',
  version          integer NOT NULL DEFAULT 1,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, kind)
);

CREATE TABLE report_schedule_recipients (
  organisation_id  bigint NOT NULL,
  kind             text NOT NULL,
  staff_id         bigint NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  PRIMARY KEY (organisation_id, kind, staff_id),
  FOREIGN KEY (organisation_id, kind) REFERENCES report_schedules(organisation_id, kind) ON DELETE CASCADE
);

CREATE TABLE report_schedule_sends (
  organisation_id  bigint NOT NULL,
  kind             text NOT NULL,
  -- The Tokyo day the report covers.
  day              date NOT NULL,
  staff_id         bigint NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  -- Set once the mail is queued in the same transaction (the row is taken first: a second runner waits on it).
  mail_id          bigint,
  sent_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, kind, day, staff_id)
);
