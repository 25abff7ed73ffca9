import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { passwordHashing } from '../../shared/password-hashing-gate.ts';

/**
 * Member passwords (ADR 032): scrypt, memory-hard (N = 2^15, r = 8: 32 MiB and ~0.1 s per guess on one
 * core), with a 16-byte random salt. Stored as `scrypt$N$r$p$salt$hash` (base64) so the cost can rise
 * later without breaking stored hashes. Node runs scrypt on its thread pool, off the event loop.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // maxmem above 128·N·r, which Node's 32 MiB default would refuse at N = 2^15.
  const maxmem = 128 * (options.N ?? COST.N) * (options.r ?? COST.r) * 2;
  // The same gate as staff Argon2id: a member sign-in flood waits for (or is refused) the same few cores.
  return passwordHashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A hash of nothing anyone knows: an unknown address costs the same scrypt round as a known one. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString('base64'));
  return decoy;
}

/** Whether `password` matches `stored`, compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((v) => Number.isInteger(v) && v > 0) || expected.length !== KEY_LENGTH)
    return false;
  const actual = await derive(password, Buffer.from(salt, 'base64'), cost);
  return timingSafeEqual(actual, expected);
}
