import { randomBytes } from 'node:crypto';

/** A mail link's token: 128-bit random, URL-safe (22 characters), like every token of ours. */
export function newMailToken(): string {
  return randomBytes(16).toString('base64url');
}
