import { Semaphore } from './semaphore.ts';

/** At most this many password hashes at once in a process (ADR 063), staff Argon2id and member scrypt alike. */
export const PASSWORD_HASHING_CONCURRENCY = 2;
/**
 * At most this many hashes wait for a slot; one more answers 429 at once. At tens of milliseconds a hash,
 * 32 waiting is well under a second of queue, and the queue's memory stays bounded (issue 27).
 */
export const PASSWORD_HASHING_MAX_WAITING = 32;

/**
 * The one gate every password hash of the process passes: staff and member sign-ins compete for the same
 * cores, so a flood of either can neither take the cores the hold path needs nor grow an unbounded queue.
 */
export const passwordHashing = new Semaphore(PASSWORD_HASHING_CONCURRENCY, PASSWORD_HASHING_MAX_WAITING);
