import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random, URL-safe value: session cookies, invitation and reset links. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a session cookie, a link token or a recovery code. The values are random
 * (128 bits and more), so a fast hash is enough: a leaked table opens nothing and nobody can search it.
 */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
