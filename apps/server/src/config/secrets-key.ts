import { createHash, createHmac } from 'node:crypto';

/**
 * SECRETS_KEY rules (issue 28, ADR 071): the AES-256-GCM key that encrypts `site_secrets` at rest. It is 32
 * random bytes as base64 (or base64url). Production refuses a missing, malformed or weak one; development
 * and tests derive a stable key from APP_SECRET (whose development default is fixed), so `npm start` needs no
 * set-up and a restart still opens what it wrote. SECRETS_KEY_PREVIOUS (one, or a comma list) opens values
 * written before a rotation; the server re-encrypts them with SECRETS_KEY when it starts.
 */

export const MAKE_SECRETS_KEY =
  "`openssl rand -base64 32` or `node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\"`";

/** A key and its id (the first 16 hex digits of its SHA-256): stored with each value, so a reader picks its key. */
export interface SecretKey {
  id: string;
  key: Buffer;
}
export interface SecretKeyring {
  current: SecretKey;
  previous: readonly SecretKey[];
  /**
   * Whether a reader may take a `key_id` NULL row (plaintext from before 0880) as it is: development and tests.
   * Production never does: the re-encryption at start is the one reader of such rows there, so a row a
   * database writer downgraded to plaintext later is refused, not used.
   */
  readsPlaintext: boolean;
}

export function secretKeyOf(key: Buffer): SecretKey {
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 16), key };
}

/** The 32 bytes of a SECRETS_KEY value, or null when it is not 32 bytes of base64. */
export function decodeSecretsKey(value: string): Buffer | null {
  const text = value.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** The key development and tests use: derived from APP_SECRET, the same on every start. */
export function derivedSecretsKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('kippu site_secrets v1').digest();
}

/** Why a SECRETS_KEY (and its previous keys) cannot be used; production also refuses a missing or weak key. */
export function secretsKeyProblems(
  env: { SECRETS_KEY?: string | undefined; SECRETS_KEY_PREVIOUS?: string | undefined; APP_SECRET: string },
  production: boolean,
): string[] {
  const problems: string[] = [];
  if (env.SECRETS_KEY === undefined) {
    if (production) problems.push(`SECRETS_KEY: required in production; make one with ${MAKE_SECRETS_KEY}`);
  } else {
    const key = decodeSecretsKey(env.SECRETS_KEY);
    if (!key) problems.push(`SECRETS_KEY: expected 32 bytes as base64; make one with ${MAKE_SECRETS_KEY}`);
    else if (production && (new Set(key).size < 12 || key.equals(derivedSecretsKey(env.APP_SECRET)))) {
      problems.push(`SECRETS_KEY: too weak (not random); make one with ${MAKE_SECRETS_KEY}`);
    }
  }
  for (const [index, value] of previousValues(env.SECRETS_KEY_PREVIOUS).entries()) {
    const key = decodeSecretsKey(value);
    if (!key) problems.push(`SECRETS_KEY_PREVIOUS: entry ${index + 1} is not 32 bytes as base64`);
    // Anyone who knows APP_SECRET can derive the development key: production never opens values with it.
    else if (production && key.equals(derivedSecretsKey(env.APP_SECRET))) {
      problems.push(
        `SECRETS_KEY_PREVIOUS: entry ${index + 1} is the development key derived from APP_SECRET`,
      );
    }
  }
  return problems;
}

const previousValues = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

/**
 * The keys of an environment (checked at start by loadEnv): SECRETS_KEY or the development one, and the
 * previous. Outside production the derived development key stays a previous key once SECRETS_KEY is set;
 * production never holds it, and never reads plaintext rows (only `reencryptSiteSecrets` at start does).
 */
export function secretKeyring(env: {
  SECRETS_KEY?: string | undefined;
  SECRETS_KEY_PREVIOUS?: string | undefined;
  APP_SECRET: string;
  NODE_ENV?: string | undefined;
}): SecretKeyring {
  const production = env.NODE_ENV === 'production';
  const current =
    env.SECRETS_KEY === undefined ? derivedSecretsKey(env.APP_SECRET) : decodeSecretsKey(env.SECRETS_KEY);
  if (!current) throw new Error('SECRETS_KEY: expected 32 bytes as base64');
  const derived = derivedSecretsKey(env.APP_SECRET);
  if (production && current.equals(derived))
    throw new Error('SECRETS_KEY: the development key in production');
  const previous = previousValues(env.SECRETS_KEY_PREVIOUS).flatMap((value) => {
    const key = decodeSecretsKey(value);
    return key && !(production && key.equals(derived)) ? [secretKeyOf(key)] : [];
  });
  // Development keeps opening what it wrote before an operator set SECRETS_KEY.
  if (env.SECRETS_KEY !== undefined && !production) previous.push(secretKeyOf(derived));
  return { current: secretKeyOf(current), previous, readsPlaintext: !production };
}
