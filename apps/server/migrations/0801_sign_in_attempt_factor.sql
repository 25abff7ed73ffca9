-- Which step an attempt was (ADR 063): second-factor codes are limited per account on their own, so only a
-- person who got past the password can use that allowance up; wrong passwords from anyone never block it.
ALTER TABLE sign_in_attempts ADD COLUMN factor text NOT NULL DEFAULT 'password'
  CHECK (factor IN ('password', 'second_factor'));
CREATE INDEX sign_in_attempts_second_factor_idx ON sign_in_attempts (email, attempted_at)
  WHERE factor = 'second_factor' AND NOT succeeded;
