import { createHmac, randomBytes } from 'node:crypto';
import { base32Decode, base32Encode } from '../../shared/base32.ts';

/** TOTP after RFC 6238 as authenticator apps read it: HMAC-SHA-1, 30-second steps, 6 digits. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are accepted: clocks drift, people type slowly. */
export const TOTP_WINDOW = 1;

/** A new 160-bit seed (RFC 4226 recommends the HMAC's output size), base32 as apps expect it. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP (RFC 4226) of `key` at `counter`, with `digits` digits. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return binary.toString().padStart(digits, '0');
}

/** The 30-second step a moment falls in. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** The code of a base32 seed at a moment (what the person's app shows). */
export function totpCode(secret: string, at: Date, digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secret), totpStep(at), digits);
}

/**
 * The step `code` belongs to within ±TOTP_WINDOW of `at`, or null. A step at or before `lastStep` (the
 * last one accepted for this person) is refused: an observed code cannot be replayed.
 */
export function matchTotp(secret: string, code: string, at: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = totpStep(at);
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (step < 0 || (lastStep !== null && step <= lastStep)) continue;
    if (hotp(key, step) === code) return step;
  }
  return null;
}

/** The otpauth:// URI an authenticator app reads from a QR code. */
export function otpauthUri(secret: string, account: string, issuer = 'Kippu'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
