import { randomToken } from '../../shared/random-token.ts';

/** A mail link's token: 128-bit random, URL-safe (22 characters), like every token of ours. */
export function newMailToken(): string {
  return randomToken();
}
