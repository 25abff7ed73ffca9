import { randomInt } from 'node:crypto';
import { randomToken } from '../../shared/random-token.ts';

/** 128-bit random, URL-safe (22 characters): the ticket page's address, never guessable. */
export function newReservationToken(): string {
  return randomToken();
}

/**
 * Letters and digits nobody misreads or mistypes: no 0/O, 1/I/L, and no U (avoids accidental words).
 * 30 symbols; ten of them make about 5.9·10^14 numbers, so a collision is rare and simply retried.
 */
export const RESERVATION_NUMBER_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export const RESERVATION_NUMBER_LENGTH = 10;

/** A short human reservation number, e.g. 'K7QW3MZP2A' (printed, read out, typed into the inquiry). */
export function newReservationNumber(): string {
  let number = '';
  for (let i = 0; i < RESERVATION_NUMBER_LENGTH; i++) {
    number += RESERVATION_NUMBER_ALPHABET[randomInt(RESERVATION_NUMBER_ALPHABET.length)];
  }
  return number;
}

/** What a visitor typed, as stored: full-width forms as ASCII (NFKC), spaces and hyphens dropped, upper case. */
export function normalizeReservationNumber(typed: string): string {
  return typed
    .normalize('NFKC')
    .replace(/[\s-]+/g, '')
    .toUpperCase();
}
