import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The waiting room's place token (ADR 095): `q1.<productId>.<entryId>.<tag>`, the tag an HMAC-SHA256
 * (first 16 bytes, base64url) of the site, the product and the entry under a key derived from APP_SECRET.
 * The site is signed but not written: a token shown to another site, or naming another product than the
 * one asked about, or altered in any character, does not verify and counts as no token (never a 5xx).
 * Tokens made under APP_SECRET_PREVIOUS stay valid across a rotation.
 */
export interface QueuePlace {
  productId: number;
  entryId: number;
}

const TAG_BYTES = 16;
const TOKEN_PATTERN = /^q1\.([1-9]\d{0,9})\.([1-9]\d{0,15})\.([A-Za-z0-9_-]{22})$/;

const keyBySecret = new Map<string, Buffer>();

function keyOf(appSecret: string): Buffer {
  let key = keyBySecret.get(appSecret);
  if (key === undefined) {
    // Derived, so the queue's key shares nothing with the secret's other uses (tickets, visitor ids).
    key = createHmac('sha256', appSecret).update('kippu waiting room v1').digest();
    keyBySecret.set(appSecret, key);
  }
  return key;
}

function tagOf(key: Buffer, site: string, place: QueuePlace): Buffer {
  return createHmac('sha256', key)
    .update(`q1|${site}|${place.productId}|${place.entryId}`)
    .digest()
    .subarray(0, TAG_BYTES);
}

/** The signed token of a place of `site`'s queue. */
export function signQueueToken(appSecret: string, site: string, place: QueuePlace): string {
  const tag = tagOf(keyOf(appSecret), site, place).toString('base64url');
  return `q1.${place.productId}.${place.entryId}.${tag}`;
}

/**
 * The place a token names when one of `secrets` signed it for `site` and it names `productId`; null for
 * anything else (absent, malformed, tampered, another site's or another product's).
 */
export function verifyQueueToken(
  token: string | undefined,
  secrets: readonly string[],
  site: string,
  productId: number,
): QueuePlace | null {
  if (token === undefined) return null;
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const place = { productId: Number(match[1]), entryId: Number(match[2]) };
  if (place.productId !== productId || !Number.isSafeInteger(place.entryId)) return null;
  // Compared as text: base64url's last character carries spare bits, so a decoded comparison would let
  // an altered character pass. Any change of the token refuses it.
  const tag = Buffer.from(match[3]!);
  for (const secret of secrets) {
    const expected = Buffer.from(tagOf(keyOf(secret), site, place).toString('base64url'));
    if (timingSafeEqual(tag, expected)) return place;
  }
  return null;
}
