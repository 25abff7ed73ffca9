-- Issue 30: the daily settlement mailed to chosen staff each morning, and the mail to a webhook's owner when
-- its subscription is disabled (410 Gone or repeated failure). Added once here so the reports and webhooks
-- work can each add its template without rewriting this CHECK twice (it lists every kind: keep them all).
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('mail_confirmation', 'invitation', 'purchase_confirmation', 'ticket_link', 'date_changed',
                  'staff_invitation', 'staff_password_reset', 'staff_second_factor_reset', 'slot_moved',
                  'refund_issued', 'visit_moved', 'daily_settlement', 'webhook_disabled'));
