import { randomFillSync } from 'node:crypto';

const TOKEN_BYTES = 16;
/** Tokens drawn per refill: one system call per 256 tokens instead of one per token. */
const POOL_TOKENS = 256;
const pool = Buffer.alloc(TOKEN_BYTES * POOL_TOKENS);
let next = pool.length;

/**
 * 128-bit random, URL-safe (22 characters): every token of the app (orders, reservations, changes of
 * date, mail links, spot QR codes, payment numbers). The bytes come from the operating system's CSPRNG in
 * blocks, because on a hot slot one `randomBytes` call per order was the hold path's costliest step after
 * the socket writes (issue 12). Each byte is handed out once.
 */
export function randomToken(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const token = pool.toString('base64url', next, next + TOKEN_BYTES);
  next += TOKEN_BYTES;
  return token;
}
