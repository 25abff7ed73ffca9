-- The site-level waiting room setting (issue 28's settings screen: a switch and a list of sale-start times)
-- was never read: the waiting room is switched on per product, with its own opening and rate, in the
-- catalogue's product form (migration 1020, ADR 095). A setting that does nothing misleads the operator
-- who ticks it, so it goes, with its section of the settings screen.
ALTER TABLE sites DROP COLUMN waiting_room;
