-- The carrier's payment page the d払い payment token is posted to, kept with the token so asking for it
-- again (a reload of /d-pay-confirm) answers the same page (ADR 028).
ALTER TABLE dpay_authorizations ADD COLUMN request_url text;
