-- The console's staff identity (issue 27, ADR 063): organisations own sites; staff belong to organisations
-- through memberships that carry a role and the sites they cover; sessions, sign-in attempts, second factors,
-- invitations and password resets live here so every server process sees one state.

CREATE TABLE organisations (
  id                bigserial PRIMARY KEY,
  code              text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name              text NOT NULL,
  -- What the box-office role may refund at once (ROLE_TEMPLATES.boxOffice: refundsUpToOrganisationLimit).
  refund_limit_yen  integer NOT NULL DEFAULT 0 CHECK (refund_limit_yen >= 0),
  created_at        timestamptz NOT NULL DEFAULT now()
);

-- Every install owns its sites through one organisation until an operator makes more: the reference sites
-- are inserted by the seed after the migrations, so the column's default names this one.
INSERT INTO organisations (code, name) VALUES ('default', 'Default organisation');

CREATE FUNCTION default_organisation_id() RETURNS bigint
  LANGUAGE sql STABLE AS $$ SELECT id FROM organisations WHERE code = 'default' $$;

ALTER TABLE sites ADD COLUMN organisation_id bigint REFERENCES organisations(id);
UPDATE sites SET organisation_id = default_organisation_id();
ALTER TABLE sites ALTER COLUMN organisation_id SET NOT NULL;
ALTER TABLE sites ALTER COLUMN organisation_id SET DEFAULT default_organisation_id();
CREATE INDEX sites_organisation_idx ON sites (organisation_id);

CREATE TABLE staff (
  id               bigserial PRIMARY KEY,
  email            text NOT NULL CHECK (email = lower(email) AND length(email) <= 254),
  name             text NOT NULL,
  lang             text NOT NULL DEFAULT 'ja' CHECK (lang IN ('ja', 'en', 'zh-hans', 'kr', 'zh-hant', 'th')),
  -- Argon2id PHC string; null until the invitation is accepted (or the first owner's link is used).
  password_hash    text,
  -- Base32 TOTP seed; enabled once a code from it was confirmed.
  totp_secret      text,
  totp_enabled_at  timestamptz,
  -- A seed being enrolled: it replaces totp_secret once a code from it is confirmed.
  totp_pending_secret text,
  -- The last 30-second step a code was accepted for: the same step is never accepted twice.
  totp_last_step   bigint,
  is_demo          boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now(),
  deleted_at       timestamptz
);
-- Stored lower-case; one live account per address.
CREATE UNIQUE INDEX staff_email_idx ON staff (email) WHERE deleted_at IS NULL;

CREATE TABLE staff_roles (
  id                     bigserial PRIMARY KEY,
  organisation_id        bigint NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  -- The template this role was copied from (owner, administrator, ...); null for a custom role.
  template_key           text CHECK (template_key IN
                           ('owner', 'administrator', 'planner', 'boxOffice', 'gate', 'finance', 'marketing')),
  name                   text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  permissions            jsonb NOT NULL CHECK (jsonb_typeof(permissions) = 'object'),
  limits                 jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(limits) = 'object'),
  require_second_factor  boolean NOT NULL DEFAULT false,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, template_key),
  UNIQUE (organisation_id, name),
  -- Memberships name (role, organisation) so a role of another organisation cannot be given.
  UNIQUE (id, organisation_id)
);

CREATE TABLE staff_memberships (
  id               bigserial PRIMARY KEY,
  staff_id         bigint NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  organisation_id  bigint NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  role_id          bigint NOT NULL,
  -- Every site of the organisation, present and future; else exactly site_codes.
  all_sites        boolean NOT NULL DEFAULT false,
  site_codes       text[] NOT NULL DEFAULT '{}',
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (staff_id, organisation_id),
  FOREIGN KEY (role_id, organisation_id) REFERENCES staff_roles(id, organisation_id)
);
CREATE INDEX staff_memberships_organisation_idx ON staff_memberships (organisation_id);

CREATE TABLE staff_sessions (
  -- SHA-256 (hex) of the opaque cookie value: a leaked table opens no session.
  id                     text PRIMARY KEY,
  staff_id               bigint NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  organisation_id        bigint NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  created_at             timestamptz NOT NULL DEFAULT now(),
  last_seen_at           timestamptz NOT NULL DEFAULT now(),
  idle_expires_at        timestamptz NOT NULL,
  absolute_expires_at    timestamptz NOT NULL,
  second_factor_done_at  timestamptz,
  reauthenticated_at     timestamptz,
  csrf_token             text NOT NULL,
  ended_at               timestamptz,
  client_address         text,
  user_agent             text
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id) WHERE ended_at IS NULL;

CREATE TABLE staff_recovery_codes (
  id          bigserial PRIMARY KEY,
  staff_id    bigint NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  -- SHA-256 (hex) of the normalised code: codes are random (80 bits), so a fast hash is enough.
  code_hash   text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  used_at     timestamptz,
  UNIQUE (staff_id, code_hash)
);

-- Staff invitations (`invitations` is MORI's visitor invitations).
CREATE TABLE staff_invitations (
  id               bigserial PRIMARY KEY,
  token_hash       text NOT NULL UNIQUE,
  organisation_id  bigint NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  email            text NOT NULL CHECK (email = lower(email)),
  name             text NOT NULL,
  lang             text NOT NULL CHECK (lang IN ('ja', 'en', 'zh-hans', 'kr', 'zh-hant', 'th')),
  role_id          bigint NOT NULL,
  all_sites        boolean NOT NULL DEFAULT false,
  site_codes       text[] NOT NULL DEFAULT '{}',
  invited_by       bigint REFERENCES staff(id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  accepted_at      timestamptz,
  revoked_at       timestamptz,
  staff_id         bigint REFERENCES staff(id) ON DELETE SET NULL,
  FOREIGN KEY (role_id, organisation_id) REFERENCES staff_roles(id, organisation_id) ON DELETE CASCADE
);
CREATE INDEX staff_invitations_organisation_idx ON staff_invitations (organisation_id, created_at DESC);

CREATE TABLE staff_password_resets (
  id          bigserial PRIMARY KEY,
  token_hash  text NOT NULL UNIQUE,
  staff_id    bigint NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

-- Every password attempt, counted per account and per client over a recent window (ADR 063): in
-- PostgreSQL, so every server process sees one count. Old rows are pruned by the sign-in itself.
CREATE TABLE sign_in_attempts (
  id              bigserial PRIMARY KEY,
  email           text NOT NULL,
  client_address  text NOT NULL,
  succeeded       boolean NOT NULL,
  attempted_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_attempts_email_idx ON sign_in_attempts (email, attempted_at);
CREATE INDEX sign_in_attempts_client_idx ON sign_in_attempts (client_address, attempted_at);

ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('mail_confirmation', 'invitation', 'purchase_confirmation', 'ticket_link', 'date_changed',
                  'staff_invitation', 'staff_password_reset', 'staff_second_factor_reset'));
