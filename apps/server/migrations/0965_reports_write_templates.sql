-- Issue 30, ADR 084 (addendum, after review): the daily settlement mail is "Scheduled reports" under the
-- permission reports, so saving its recipients needs reports write, not the organisation's settings. The owner,
-- administrator and finance templates now grant reports write (finance chooses who gets the settlement). The
-- organisations' copies of those templates still at the old templates' reports read get it too; a copy an owner
-- set to none keeps none, and custom roles are left as their owner made them.
UPDATE staff_roles
SET permissions = jsonb_set(permissions, '{reports}', '"write"'), updated_at = now()
WHERE template_key IN ('owner', 'administrator', 'finance') AND permissions->>'reports' = 'read';
