import { createHmac } from 'node:crypto';
import type { App } from '../../src/app.ts';
import { hashPassword } from '../../src/domain/staff/password-hash.ts';
import type { Db } from '../../src/db/client.ts';

const API = '/console/api/v1';

/** A signed-in console member as the fuzz suite sends their requests: cookie, CSRF header and Origin. */
export interface ConsoleClient {
  email: string;
  headers: Record<string, string>;
}

export interface ConsoleAccount {
  email: string;
  password: string;
  /** Base32 TOTP seed, for a member whose role asks a second factor. */
  totpSecret?: string;
}

/** RFC 6238 (SHA-1, 30 s, six digits) for `secret` now. */
function totpNow(secret: string): string {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of secret.toUpperCase().replace(/=+$/, '')) {
    value = (value << 5) | 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

function sessionCookie(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = cookies.map((c) => c.split(';')[0]!).find((c) => /kippu_console=/.test(c));
  if (!cookie) throw new Error(`no console session cookie in ${JSON.stringify(cookies)}`);
  return cookie;
}

/**
 * Signs `account` in over HTTP as the console's page does (password, then the TOTP code when asked, then a
 * re-authentication so the routes that ask one are fuzzed past it). The code of the current step may have been
 * used by an earlier sign-in of this run (a step is accepted once): the step memory is cleared first, in the
 * database, as waiting 30 seconds would.
 */
export async function signInConsole(
  app: App,
  db: Db,
  account: ConsoleAccount,
  origin: string,
  remoteAddress: string,
): Promise<ConsoleClient> {
  await db.$client.query('UPDATE staff SET totp_last_step = NULL WHERE email = $1', [account.email]);
  const signIn = await app.inject({
    method: 'POST',
    url: `${API}/session`,
    headers: { origin },
    remoteAddress,
    payload: { email: account.email, password: account.password },
  });
  if (signIn.statusCode !== 200)
    throw new Error(`sign-in of ${account.email}: ${signIn.statusCode} ${signIn.body}`);
  const { secondFactor, csrfToken } = signIn.json<{ secondFactor: string; csrfToken: string }>();
  const headers = {
    origin,
    cookie: sessionCookie(signIn.headers['set-cookie']),
    'x-console-csrf': csrfToken,
  };
  const post = (path: string, payload: object) =>
    app.inject({ method: 'POST', url: `${API}${path}`, headers, remoteAddress, payload });
  if (secondFactor === 'needed') {
    if (!account.totpSecret)
      throw new Error(`${account.email} needs a second factor and has no TOTP seed here`);
    const second = await post('/session/second-factor', { code: totpNow(account.totpSecret) });
    if (second.statusCode !== 200) throw new Error(`second factor of ${account.email}: ${second.body}`);
  } else if (secondFactor !== 'not-required' && secondFactor !== 'done') {
    throw new Error(`${account.email}: second factor ${secondFactor}`);
  }
  const reauthenticated = await post('/session/reauthenticate', { password: account.password });
  if (reauthenticated.statusCode !== 200)
    throw new Error(`re-authentication of ${account.email}: ${reauthenticated.body}`);
  return { email: account.email, headers };
}

export async function totpSecretOf(db: Db, email: string): Promise<string | undefined> {
  const { rows } = await db.$client.query<{ totp_secret: string | null }>(
    'SELECT totp_secret FROM staff WHERE email = $1 AND deleted_at IS NULL',
    [email],
  );
  return rows[0]?.totp_secret ?? undefined;
}

/** A fixed TOTP seed of the owner this file makes (base32), so its codes can be computed here. */
export const OWNER_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/**
 * A member of `ownSite`'s organisation with the organisation's copy of a role template, made for this file
 * through the database (the subject is the routes, not inviting), with a TOTP seed already confirmed when given.
 */
export async function prepareMember(
  db: Db,
  ownSite: string,
  input: {
    email: string;
    template: 'owner' | 'gate';
    sites: string[] | 'all';
    password: string;
    totpSecret?: string;
  },
): Promise<ConsoleAccount> {
  const { rows } = await db.$client.query<{ id: string; organisation_id: string }>(
    `SELECT r.id, r.organisation_id FROM staff_roles r JOIN sites s ON s.organisation_id = r.organisation_id
     WHERE s.code = $1 AND r.template_key = $2`,
    [ownSite, input.template],
  );
  const role = rows[0];
  if (!role) throw new Error(`no ${input.template} role in the organisation of ${ownSite}`);
  const staff = await db.$client.query<{ id: string }>(
    `INSERT INTO staff (email, name, lang, password_hash, totp_secret, totp_enabled_at)
     VALUES ($1, $2, 'en', $3, $4::text, CASE WHEN $4::text IS NULL THEN NULL ELSE now() END) RETURNING id`,
    [input.email, `Fuzz ${input.template}`, await hashPassword(input.password), input.totpSecret ?? null],
  );
  await db.$client.query(
    `INSERT INTO staff_memberships (staff_id, organisation_id, role_id, all_sites, site_codes)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      staff.rows[0]!.id,
      role.organisation_id,
      role.id,
      input.sites === 'all',
      input.sites === 'all' ? [] : input.sites,
    ],
  );
  return { email: input.email, password: input.password };
}
