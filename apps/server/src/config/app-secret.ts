/**
 * APP_SECRET rules (issue 24, ADR 048). The secret keys the ticket QR signatures, the gate tap codes and the
 * client keys; whoever guesses it can forge tickets. Production therefore refuses a secret that is short,
 * low-variety, periodic or a well-known value; development keeps its fixed default so `npm start` needs no
 * set-up. APP_SECRET_PREVIOUS keeps what an earlier secret signed valid across a rotation.
 */

/** The fixed development value (env.ts's default); production refuses it. */
export const DEVELOPMENT_APP_SECRET = 'development-secret-change-me-0123456789abcdef';

/** What the start-failure message tells the operator to run. */
export const MAKE_APP_SECRET =
  "`openssl rand -base64 48` or `node -e \"console.log(require('crypto').randomBytes(48).toString('base64url'))\"`";

/** The least estimated entropy production accepts: 128 bits, what an HMAC-SHA256 key needs to resist guessing. */
export const MIN_SECRET_BITS = 128;

/**
 * Words and runs found in placeholder and hand-typed secrets. A random secret contains one of them by chance
 * with negligible probability (a specific 6-character run in 64 random base64 characters: about 1 in 10^9).
 */
const KNOWN_PARTS = [
  'changeme',
  'change-me',
  'change_me',
  'development-secret',
  'password',
  'example',
  'kippu',
  'abcdef',
  '123456',
  'qwerty',
];

/** Bits per character of the character classes the value uses (lower, upper, digits, others). */
function classBitsPerChar(value: string): number {
  let pool = 0;
  if (/[a-z]/.test(value)) pool += 26;
  if (/[A-Z]/.test(value)) pool += 26;
  if (/[0-9]/.test(value)) pool += 10;
  if (/[^a-zA-Z0-9]/.test(value)) pool += 33;
  return Math.log2(pool);
}

/** Shannon entropy of the value's own character frequencies, in bits per character. */
function observedBitsPerChar(value: string): number {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * Estimated entropy in bits: length × the smaller of what the character classes allow and what the
 * characters actually vary by. `aaaa…` scores 0; 64 random base64 characters score about 350; 64 random
 * hex digits about 250.
 */
export function estimateSecretBits(value: string): number {
  if (value.length === 0) return 0;
  return [...value].length * Math.min(classBitsPerChar(value), observedBitsPerChar(value));
}

/** The shortest period of a value made of one unit repeated (`abc1abc1abc1`), or undefined. */
function repeatedUnit(value: string): number | undefined {
  for (let period = 1; period <= value.length / 2; period += 1) {
    let periodic = true;
    for (let i = period; i < value.length && periodic; i += 1) periodic = value[i] === value[i - period];
    if (periodic) return period;
  }
  return undefined;
}

/** Why a value is too weak to sign tickets in production, or undefined when it is acceptable. */
export function weakSecretReason(value: string): string | undefined {
  if (value === DEVELOPMENT_APP_SECRET || value.startsWith('development-secret')) {
    return 'is the development default';
  }
  if (value.length < 32) return `has ${value.length} characters (at least 32, from a random generator)`;
  const lower = value.toLowerCase();
  const known = KNOWN_PARTS.find((part) => lower.includes(part));
  if (known) return `contains "${known}", a placeholder or hand-typed value`;
  const distinct = new Set(value).size;
  if (distinct < 8) return `uses only ${distinct} distinct character${distinct === 1 ? '' : 's'}`;
  const period = repeatedUnit(value);
  if (period !== undefined) return `repeats a ${period}-character pattern`;
  const bits = Math.floor(estimateSecretBits(value));
  if (bits < MIN_SECRET_BITS) return `carries about ${bits} bits of entropy (at least ${MIN_SECRET_BITS})`;
  return undefined;
}

/** APP_SECRET_PREVIOUS: one secret or a comma list (base64 has no commas), blanks and repeats dropped. */
export function parsePreviousSecrets(raw: string | undefined): string[] {
  const values = (raw ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
  return [...new Set(values)];
}

/**
 * The production check, as configuration lines (`APP_SECRET: ...`) for loadEnv's message; none when both the
 * secret and every previous one are strong. A weak previous secret is refused too: it would keep codes
 * forged with it valid.
 */
export function appSecretProblems(current: string, previous: readonly string[]): string[] {
  const how = `make one with ${MAKE_APP_SECRET}`;
  const problems: string[] = [];
  const reason = weakSecretReason(current);
  if (reason) problems.push(`APP_SECRET: too weak for production: it ${reason}; ${how}`);
  previous.forEach((value, index) => {
    const weak = weakSecretReason(value);
    if (weak) {
      problems.push(
        `APP_SECRET_PREVIOUS: entry ${index + 1} is too weak for production: it ${weak}; drop it (what it signed stops scanning; ticket pages show codes signed anew)`,
      );
    }
  });
  return problems;
}

/** The secrets a signature is checked against: the current one first, then the previous ones. */
export function verifyingSecrets(env: {
  APP_SECRET: string;
  APP_SECRET_PREVIOUS: readonly string[];
}): string[] {
  return [env.APP_SECRET, ...env.APP_SECRET_PREVIOUS.filter((value) => value !== env.APP_SECRET)];
}
