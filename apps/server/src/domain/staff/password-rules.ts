import { readFileSync } from 'node:fs';

/**
 * Password rules after NIST SP 800-63B (rev. 4), ADR 063: a password that may be the only factor must have
 * at least 15 characters; up to 128 are accepted (spaces and any Unicode, counted after NFKC); it must not
 * be a common or breached password, one of those with digits or symbols around it, a repetition, a run on
 * the keyboard or the alphabet, or the account's own address; no composition rules (no "one digit, one
 * symbol"), no expiry.
 */
export const PASSWORD_MIN_LENGTH = 15;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'too-short' | 'too-long' | 'common';

// Found from the source and the compiled file alike: both sit three levels under apps/server (build.ts).
const LIST_URL = new URL('../../../src/domain/staff/common-passwords.txt', import.meta.url);

let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(LIST_URL, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common;
}

const RUNS = [
  'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz',
  '01234567890123456789012345678901234567890',
  '98765432109876543210987654321098765432109',
  'qwertyuiopasdfghjklzxcvbnmqwertyuiopasdfghjklzxcvbnm',
  'qazwsxedcrfvtgbyhnujmikolpqazwsxedcrfvtgbyhnujmikolp',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p1qaz2wsx3edc4rfv',
  '1q2w3e4r5t6y7u8i9o0p1q2w3e4r5t6y7u8i9o0p',
];

function isRun(value: string): boolean {
  const reversed = [...value].reverse().join('');
  return RUNS.some((run) => run.includes(value) || run.includes(reversed));
}

/** The shortest unit `value` repeats, or `value` itself. */
function repeatedUnit(value: string): string {
  for (let size = 1; size <= value.length / 2; size++) {
    if (value.length % size === 0 && value.slice(0, size).repeat(value.length / size) === value) {
      return value.slice(0, size);
    }
  }
  return value;
}

/** Whether a password is a guessable word with padding: `password12345678`, `!!!iloveyou2024`. */
function isPaddedWord(value: string, words: (word: string) => boolean): boolean {
  const core = value.replace(/^[\d\W_]+/u, '').replace(/[\d\W_]+$/u, '');
  if (core.length < 3) return false;
  const unit = repeatedUnit(core);
  return words(core) || words(unit) || isRun(core) || isRun(unit);
}

/**
 * What is wrong with `password` for the account `email`, or null when it may be used. Shown to the person
 * as one message (console_password_rules): the list is not a secret, but naming the rule that failed helps.
 */
export function checkPasswordRules(password: string, email?: string): PasswordProblem | null {
  const normalised = password.normalize('NFKC');
  const length = [...normalised].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too-short';
  if (length > PASSWORD_MAX_LENGTH) return 'too-long';
  const value = normalised.toLowerCase();
  const list = commonPasswords();
  const context = new Set<string>(['kippu', 'console', 'staff']);
  if (email) {
    const address = email.toLowerCase();
    context.add(address);
    const local = address.split('@')[0] ?? '';
    if (local.length >= 3) context.add(local);
  }
  const known = (word: string) => list.has(word) || context.has(word);
  const compact = value.replace(/\s+/gu, '');
  const unit = repeatedUnit(compact);
  if (new Set(compact).size < 5) return 'common';
  if (known(value) || known(compact) || known(unit) || isRun(compact) || isRun(unit)) return 'common';
  if (isPaddedWord(compact, known)) return 'common';
  return null;
}
