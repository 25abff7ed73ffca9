import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { base32Encode } from '../../shared/base32.ts';

/**
 * What a ticket's QR code carries (ADR 018): `K1.<ticket id>.<secret>.<signature>`, e.g.
 * `K1.1042.MZXW6YTBOI2TQMZR.GEZDGNBVGY3TQOJQGEZDGNBVGY`.
 * - the secret is the ticket's current random secret (10 bytes, base32): moving a ticket gives it a new
 *   one, so every older code stops matching the database;
 * - the signature is HMAC-SHA256 over `K1.<id>.<secret>` with a key derived from APP_SECRET, cut to 128
 *   bits, base32: a forged or altered code fails before any database read.
 * Only digits, A–Z, 2–7 and dots: the QR code's dense alphanumeric mode fits it in a version 3 symbol.
 */
const VERSION = 'K1';
const SECRET_BYTES = 10;
const SIGNATURE_BYTES = 16;
const PAYLOAD = /^K1\.([1-9]\d{0,14})\.([A-Z2-7]{16})\.([A-Z2-7]{26})$/;

/** A fresh ticket secret (16 base32 characters). */
export function newTicketSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

const keys = new Map<string, Buffer>();

/** The QR signing key: derived from APP_SECRET for this one purpose, so the raw secret signs nothing. */
function qrKey(appSecret: string): Buffer {
  let key = keys.get(appSecret);
  if (!key) {
    key = createHmac('sha256', appSecret).update('kippu/ticket-qr/v1').digest();
    keys.set(appSecret, key);
  }
  return key;
}

function signature(appSecret: string, signed: string): string {
  return base32Encode(
    createHmac('sha256', qrKey(appSecret)).update(signed).digest().subarray(0, SIGNATURE_BYTES),
  );
}

export function signTicketQr(appSecret: string, ticket: { id: number; secret: string }): string {
  const signed = `${VERSION}.${ticket.id}.${ticket.secret}`;
  return `${signed}.${signature(appSecret, signed)}`;
}

/**
 * The secrets a signature may have been made with: APP_SECRET, then APP_SECRET_PREVIOUS after a rotation
 * (config/app-secret.ts verifyingSecrets, ADR 048). Signing always uses APP_SECRET alone.
 */
export type VerifyingSecrets = string | readonly string[];

export function secretList(secrets: VerifyingSecrets): readonly string[] {
  return typeof secrets === 'string' ? [secrets] : secrets;
}

/**
 * The ticket a QR payload names, or null when the payload is malformed, forged or altered. Pure: no
 * database read happens for a bad code. A valid answer still has to match the ticket's current secret
 * in the database (a moved ticket's old code is genuine but stale). A code signed with a previous
 * APP_SECRET still verifies, so rotating the secret voids no printed ticket or wallet pass.
 */
export function verifyTicketQr(
  payload: string,
  secrets: VerifyingSecrets,
): { ticketId: number; secret: string } | null {
  const match = PAYLOAD.exec(payload);
  if (!match) return null;
  const [, id, secret, given] = match;
  const signed = `${VERSION}.${id}.${secret}`;
  const genuine = secretList(secrets).some((appSecret) =>
    timingSafeEqual(Buffer.from(given!), Buffer.from(signature(appSecret, signed))),
  );
  return genuine ? { ticketId: Number(id), secret: secret! } : null;
}
