import { createHmac } from 'node:crypto';

/**
 * The staff member's authenticator app, written from RFC 6238 / RFC 4226 (HMAC-SHA-1, 30-second steps, six
 * digits) rather than imported from the server: a journey that computed its codes with the server's own
 * function would pass even if that function were wrong.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (as otpauth URIs carry the secret): case and padding ignored. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The HOTP value of `counter` (RFC 4226 section 5.3). */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** The 30-second step of a moment (RFC 6238: T0 = 0). */
export function totpStep(at: number = Date.now()): number {
  return Math.floor(at / 1000 / 30);
}

/** The code an authenticator shows for the base32 `secret` during `step`. */
export function totpCode(secret: string, step: number = totpStep()): string {
  return hotp(base32Decode(secret), step);
}

/** The secret of an otpauth:// URI (what the enrolment screen shows as a QR code). */
export function secretOfOtpauth(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}
