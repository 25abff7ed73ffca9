import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_TOKEN_PATTERN } from '@kippu/contract/console/api-tokens-schemas';

/** Lowercase letters and digits: the public prefix's alphabet (36 symbols, 8 of them: ~41 bits, unique per row). */
const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh token: `kpt_<prefix>_<secret>`, 256 random bits in the secret; only its digest is ever stored. */
export function newApiToken(): { token: string; prefix: string; hash: string } {
  const bytes = randomBytes(8);
  const prefix = [...bytes].map((byte) => PREFIX_ALPHABET[byte % PREFIX_ALPHABET.length]).join('');
  const token = `kpt_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { token, prefix, hash: apiTokenHash(token) };
}

/**
 * SHA-256 of the whole token, hex (ADR 088). A password needs a slow hash because people choose guessable
 * ones; this secret is 256 random bits, so no dictionary exists and a fast digest of it is as safe as a slow
 * one, while checking it on every API call costs nothing (Argon2 would cost ~50 ms and memory per call).
 */
export function apiTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The prefix of a well-formed token, or null (anything else is refused before any lookup). */
export function apiTokenPrefix(value: string): string | null {
  if (!API_TOKEN_PATTERN.test(value)) return null;
  return value.slice(4, 12);
}

/** Compares two hex digests in constant time (equal lengths: both SHA-256). */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
