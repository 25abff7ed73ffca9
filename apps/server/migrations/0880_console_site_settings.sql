-- The console's site settings (issue 28, ADR 071): versions for concurrent edits, the waiting room's settings,
-- secrets encrypted at rest with who changed them, and uploaded images served by every process.

-- A settings write sends back the version it read; a stale one is refused (console_edit_conflict). The texts
-- (terms, privacy, legal notice overrides in `texts`) have a version of their own: two screens, two editors.
ALTER TABLE sites
  ADD COLUMN version integer NOT NULL DEFAULT 0,
  ADD COLUMN texts_version integer NOT NULL DEFAULT 0,
  -- The waiting room's switch and sale-start times; the scale-out issue builds the room and reads them.
  ADD COLUMN waiting_room jsonb NOT NULL DEFAULT '{"enabled": false, "opensAt": []}'::jsonb
    CHECK (jsonb_typeof(waiting_room) = 'object');

-- A value is `v1:<key id>:<base64 nonce|tag|ciphertext>` (AES-256-GCM under SECRETS_KEY, bound to its site
-- and name); key_id names the key, so SECRETS_KEY_PREVIOUS can still open it after a rotation. A row written
-- before this migration has no key id: plaintext, read once and encrypted when the server starts.
ALTER TABLE site_secrets
  ADD COLUMN key_id text,
  ADD COLUMN changed_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN changed_by bigint REFERENCES staff(id) ON DELETE SET NULL;

-- Images staff upload (logos, the app-download modal image), checked by content (PNG, JPEG, WebP) and named by
-- their SHA-256: the same bytes are one row, whichever site uploaded them, and their URL never changes. The
-- bytes are kept as base64 text (drizzle 0.45 has no bytea column; at most 2 MB, decoded once per process).
CREATE TABLE site_images (
  sha256       text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  mime         text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'image/webp')),
  content      text NOT NULL,
  byte_size    integer NOT NULL CHECK (byte_size BETWEEN 1 AND 2097152),
  width        integer NOT NULL CHECK (width BETWEEN 1 AND 4000),
  height       integer NOT NULL CHECK (height BETWEEN 1 AND 4000),
  site_code    text REFERENCES sites(code) ON DELETE SET NULL,
  uploaded_by  bigint REFERENCES staff(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
