-- Receipts (ADR 023): one receipt per paid reservation, issued by the visitor on /id/{token}/receipt with the
-- addressee they type. The first issue is the original; every later issue (a new addressee, printing again)
-- is a re-issue, counted here and printed as such (再発行), so two papers for one payment are never both
-- originals. Tax and amounts are not stored: they are the reservation's order, read when rendered.
CREATE TABLE receipt_issues (
  id               bigserial PRIMARY KEY,
  reservation_id   bigint NOT NULL UNIQUE REFERENCES reservations(id) ON DELETE CASCADE,
  -- Printed on the paper and quoted to support: 'R' and the zero-padded id, unique across sites.
  receipt_number   text NOT NULL UNIQUE GENERATED ALWAYS AS ('R' || lpad(id::text, 8, '0')) STORED,
  -- As the visitor typed it (宛名, e.g. a company name); the latest issue's addressee.
  addressee        text NOT NULL CHECK (addressee <> '' AND length(addressee) <= 60),
  issued_at        timestamptz NOT NULL DEFAULT now(),
  -- 0: the original; n: issued again n times (the latest paper says 再発行 / "Reissued").
  reissue_count    integer NOT NULL DEFAULT 0 CHECK (reissue_count >= 0),
  last_issued_at   timestamptz NOT NULL DEFAULT now()
);
