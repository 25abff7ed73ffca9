import { createHash } from 'node:crypto';
import { randomToken } from '../../shared/random-token.ts';

/**
 * A moved visit's self-service link (ADR 079): 128-bit random, URL-safe, given only in the holder's mail.
 * The item keeps its SHA-256, so a leaked table opens no visit.
 */
export function newMoveToken(): { token: string; hash: string } {
  const token = randomToken();
  return { token, hash: moveTokenHash(token) };
}

export function moveTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The SPA's self-service screen of a moved visit (`/moved-visit/:token`, apps/web's routing). */
export function movedVisitPath(token: string): string {
  return `/moved-visit/${token}`;
}
