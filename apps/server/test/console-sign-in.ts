import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { CONSOLE_API_PATH, type RoleTemplateKey } from '@kippu/contract';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { ensureOrganisation } from '../src/domain/staff/organisations.ts';
import { hashPassword } from '../src/domain/staff/password-hash.ts';
import { templateRole } from '../src/domain/staff/roles.ts';
import { totpCode } from '../src/domain/staff/totp.ts';
import { CONSOLE_CSRF_HEADER } from '../src/features/console/console-session.ts';
import { DEMO_STAFF } from '../src/seed/demo-staff.ts';

/**
 * Console test support (issue 27): make a staff member of a role template, sign in as them, and call the
 * console's API with their cookie, CSRF token and the console's Origin.
 */

/** The Origin of `app.inject` requests (host localhost, plain http): the console's own origin in tests. */
export const TEST_CONSOLE_ORIGIN = 'http://localhost';

/** A password that passes the rules (long, not on the list); every test member gets it unless told. */
export const TEST_STAFF_PASSWORD = 'correct horse battery staple 27';

/** A deterministic TOTP seed (base32) for members made with `totp: true`. */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export interface TestStaff {
  staffId: number;
  email: string;
  password: string;
  organisationId: number;
  roleId: number;
  totpSecret: string | null;
}

let made = 0;

/**
 * A staff member of `organisation` (made when absent) with that organisation's copy of `template`, covering
 * `sites` (default: all). Written straight to the database: the preparation is not what the tests test.
 */
export async function createTestStaff(
  db: Db,
  options: {
    organisation?: string;
    template: RoleTemplateKey;
    email?: string;
    password?: string;
    sites?: 'all' | string[];
    totp?: boolean;
    lang?: string;
  },
): Promise<TestStaff> {
  made += 1;
  const email = options.email ?? `${options.template.toLowerCase()}-${made}-${process.pid}@staff.kippu.test`;
  const password = options.password ?? TEST_STAFF_PASSWORD;
  const { organisation } = await ensureOrganisation(db, {
    code: options.organisation ?? 'default',
    name: options.organisation ?? 'Default organisation',
  });
  const role = await templateRole(db, organisation.id, options.template);
  const totpSecret = options.totp ? TEST_TOTP_SECRET : null;
  const hash = await hashPassword(password);
  const { rows } = await db.execute<{ id: string }>(sql`
    INSERT INTO staff (email, name, lang, password_hash, totp_secret, totp_enabled_at)
    VALUES (${email}, ${`Test ${options.template}`}, ${options.lang ?? 'en'}, ${hash}, ${totpSecret},
      ${totpSecret ? sql`now()` : sql`NULL`})
    RETURNING id`);
  const staffId = Number(rows[0]!.id);
  const sites = options.sites ?? 'all';
  await db.execute(sql`
    INSERT INTO staff_memberships (staff_id, organisation_id, role_id, all_sites, site_codes)
    VALUES (${staffId}, ${organisation.id}, ${role.id}, ${sites === 'all'},
      ${sql.param(sites === 'all' ? [] : sites)}::text[])`);
  return { staffId, email, password, organisationId: organisation.id, roleId: role.id, totpSecret };
}

/** A signed-in console browser: its session cookie and the CSRF token the session answered. */
export interface ConsoleBrowser {
  cookie: string;
  csrfToken: string;
  /** Headers of a read. */
  read: Record<string, string>;
  /** Headers of a write: the cookie, the CSRF token and the console's Origin. */
  write: Record<string, string>;
}

/** The `name=value` of the session cookie a response set. */
export function sessionCookieFrom(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find(
    (c) => c.name === 'kippu_console' || c.name === '__Host-kippu_console',
  );
  if (!cookie || cookie.value === '') throw new Error('no console session cookie was set');
  return `${cookie.name}=${cookie.value}`;
}

export function consoleBrowser(cookie: string, csrfToken: string): ConsoleBrowser {
  return {
    cookie,
    csrfToken,
    read: { cookie },
    write: { cookie, [CONSOLE_CSRF_HEADER]: csrfToken, origin: TEST_CONSOLE_ORIGIN },
  };
}

let clients = 0;
/** A client address of its own per sign-in, so the per-client sign-in limit of one test never meets another's. */
export function staffAddress(): string {
  clients += 1;
  return `10.27.${(clients >> 8) & 255}.${clients & 255}`;
}

/**
 * Signs in as `staff` through the API (POST /session, then the TOTP code when the member has one) and
 * answers the browser. Fails the test when a step is refused.
 */
export async function consoleSignIn(
  app: App,
  staff: Pick<TestStaff, 'email' | 'password' | 'totpSecret'>,
  remoteAddress = staffAddress(),
): Promise<ConsoleBrowser> {
  const signIn = await app.inject({
    method: 'POST',
    url: `${CONSOLE_API_PATH}/session`,
    headers: { origin: TEST_CONSOLE_ORIGIN },
    payload: { email: staff.email, password: staff.password },
    remoteAddress,
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const answer = signIn.json<{ secondFactor: string; csrfToken: string }>();
  const browser = consoleBrowser(sessionCookieFrom(signIn), answer.csrfToken);
  if (answer.secondFactor === 'needed') {
    if (!staff.totpSecret) throw new Error(`${staff.email} needs a second factor and has no TOTP seed here`);
    // A step's code is accepted once (replay), so a second sign-in within 30 s gives the next step's code,
    // which the ±1 step window accepts.
    const now = Date.now();
    let status = 0;
    let body = '';
    for (const at of [now, now + 30_000]) {
      const code = await app.inject({
        method: 'POST',
        url: `${CONSOLE_API_PATH}/session/second-factor`,
        headers: browser.write,
        payload: { code: totpCode(staff.totpSecret, new Date(at)) },
        remoteAddress,
      });
      ({ statusCode: status, body } = code);
      if (status === 200) break;
    }
    expect(status, body).toBe(200);
  }
  return browser;
}

/** Makes a member of `template` and signs them in: the usual start of a console test. */
export async function signedInAs(
  app: App,
  db: Db,
  options: Parameters<typeof createTestStaff>[1],
): Promise<{ staff: TestStaff; browser: ConsoleBrowser }> {
  const staff = await createTestStaff(db, options);
  return { staff, browser: await consoleSignIn(app, staff) };
}

/** Who of the demo staff (seed/demo-staff.ts): a role template of kippu-demo, or okinawa's owner. */
export type DemoStaffName = RoleTemplateKey | 'okinawaOwner';

/** The demo member's sign-in (published password and TOTP seed; the test template has the demo data). */
export function demoStaff(name: DemoStaffName): Pick<TestStaff, 'email' | 'password' | 'totpSecret'> {
  const member =
    name === 'okinawaOwner'
      ? DEMO_STAFF.find((m) => m.organisation === 'okinawa' && m.template === 'owner')
      : DEMO_STAFF.find((m) => m.organisation === 'demo' && m.template === name);
  if (!member) throw new Error(`no demo staff member ${name}`);
  return { email: member.email, password: member.password, totpSecret: member.totpSecret ?? null };
}

/**
 * Signs in as a demo member through the API: the way other console tests start. At most two sign-ins of
 * the same TOTP member per 30 s (the code of a step is accepted once); make your own member with
 * `signedInAs` for more.
 */
export async function signInAsDemo(app: App, name: DemoStaffName): Promise<ConsoleBrowser> {
  return consoleSignIn(app, demoStaff(name));
}
