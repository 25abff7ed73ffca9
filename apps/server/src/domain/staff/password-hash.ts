import { hash, verify } from '@node-rs/argon2';
import {
  PASSWORD_HASHING_CONCURRENCY,
  PASSWORD_HASHING_MAX_WAITING,
  passwordHashing as hashing,
} from '../../shared/password-hashing-gate.ts';

export { PASSWORD_HASHING_CONCURRENCY, PASSWORD_HASHING_MAX_WAITING };

/**
 * Argon2id parameters (ADR 063): OWASP's first recommended set, 19 MiB of memory and 2 passes with one
 * lane. The binding's `Algorithm` is a const enum, which this build (isolated modules) cannot inline: 2 is
 * its Argon2id.
 */
export const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing slots in use (shared with member passwords), the most ever used at once, how many wait, hashes
 * so far, hashes refused because the queue was full (tests and benchmarks).
 */
export function passwordHashingStats(): {
  active: number;
  peak: number;
  waiting: number;
  runs: number;
  refused: number;
} {
  return hashing.stats();
}

export function resetPasswordHashingPeak(): void {
  hashing.resetPeak();
}

/** The PHC string of `password` (salt inside), under the concurrency cap (429 when the queue is full). */
export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password.normalize('NFKC'), ARGON2ID));
}

/**
 * Whether `password` matches `phc`. With no hash (no such account, or one that never set a password) it
 * verifies against a dummy hash anyway and answers false, so an answer takes the same work whether the
 * account exists or not (issue 27).
 */
export async function verifyPassword(phc: string | null | undefined, password: string): Promise<boolean> {
  // Awaited on both paths: the first call of a process makes the dummy hash whichever path it takes.
  const dummy = await dummyHash();
  const target = phc ?? dummy;
  return hashing.run(async () => {
    try {
      const ok = await verify(target, password.normalize('NFKC'));
      return ok && phc !== null && phc !== undefined;
    } catch {
      // A malformed stored hash refuses the sign-in; it never becomes a 5xx.
      return false;
    }
  });
}

let dummyPhc: Promise<string> | undefined;

function dummyHash(): Promise<string> {
  dummyPhc ??= hash('kippu dummy password: never matches anything typed', ARGON2ID);
  return dummyPhc;
}
