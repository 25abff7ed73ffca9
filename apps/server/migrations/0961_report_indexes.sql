-- Reports (issue 30, ADR 084): each report reads a range of days through the instant that decides its day, so
-- that instant is indexed: money in (payments confirmed), money back (refund parts completed), completed changes of
-- date, receipts issued. (A change of date by the order it left is indexed already: migration 0920.)
CREATE INDEX payments_confirmed_at_idx ON payments (confirmed_at) WHERE status IN ('confirmed', 'refunded');
CREATE INDEX refund_payments_completed_at_idx ON refund_payments (completed_at) WHERE status IN ('succeeded', 'manual');
CREATE INDEX time_changes_completed_at_idx ON time_changes (completed_at) WHERE status = 'done';
CREATE INDEX receipt_issues_issued_at_idx ON receipt_issues (issued_at);
