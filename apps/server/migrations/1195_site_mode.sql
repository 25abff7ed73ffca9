-- Review finding 16 (ADR 112 addendum): a site's mode was decided by its code in get-configuration.ts, so no
-- operator could set it. It is now a typed column the console edits: NULL (normal), 'demo' (spec §1: the
-- demo site) or 'reconnect' (ADR 112: devices on patchy Wi-Fi retry with back-off and replay their queue).
-- The two sites that had a mode by code keep it; a database seeded later gets it from the seed definitions.
ALTER TABLE sites
  ADD COLUMN mode text,
  ADD CONSTRAINT sites_mode_known CHECK (mode IN ('demo', 'reconnect'));
UPDATE sites SET mode = 'demo' WHERE code = 'DEMO';
UPDATE sites SET mode = 'reconnect' WHERE code = 'RUINS';
