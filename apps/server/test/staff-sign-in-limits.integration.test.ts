import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb, type Db } from '../src/db/client.ts';
import { hashPassword as hashMemberPassword } from '../src/domain/membership/password-hash.ts';
import { ensureOrganisation } from '../src/domain/staff/organisations.ts';
import { changePassword, reauthenticate } from '../src/domain/staff/own-account.ts';
import { passwordHashingStats, verifyPassword } from '../src/domain/staff/password-hash.ts';
import { PASSWORD_RESET_ANSWER_MS, requestPasswordReset } from '../src/domain/staff/password-reset.ts';
import { templateRole } from '../src/domain/staff/roles.ts';
import { verifySecondFactor } from '../src/domain/staff/second-factor.ts';
import {
  ACCOUNT_FREE_FAILURES,
  CLIENT_FAILURE_LIMIT,
  SECOND_FACTOR_DAILY_LIMIT,
  SECOND_FACTOR_FAILURE_LIMIT,
  accountDelayMs,
} from '../src/domain/staff/sign-in-limits.ts';
import { signIn, type SignInResult } from '../src/domain/staff/sign-in.ts';
import { totpCode } from '../src/domain/staff/totp.ts';
import { PASSWORD_HASHING_MAX_WAITING } from '../src/shared/password-hashing-gate.ts';
import { Semaphore } from '../src/shared/semaphore.ts';
import { createTestStaff } from './console-sign-in.ts';
import { cloneTemplate } from './test-database.ts';

// Sign-in, second-factor, password-change and reset limits under concurrency (issue 27, review findings):
// each test sends its burst with Promise.all, as an attacker would, and checks what got through.
const ctx = {} as { db: Db };
let drop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const { adminUrl, template } = inject('testDatabase');
  const clone = await cloneTemplate(adminUrl, template);
  drop = clone.drop;
  ctx.db = createDb(clone.url, 10);
});
afterAll(async () => {
  await ctx.db?.$client.end();
  await drop?.();
});

const env = { CONSOLE_ORIGIN: 'https://console.example', PUBLIC_URL: 'https://tickets.example', PORT: 3000 };
let clients = 0;
const client = () => ({ address: `198.51.100.${++clients}`, userAgent: 'vitest' });
const noWait = async () => {};
/** A recovery-code-shaped guess: never a stored code, so always wrong. */
const wrongCode = (i: number) => `WRNG-${String(i).padStart(4, '0')}-AAAA-AAAA`;

function sessionOf(result: SignInResult) {
  if (result.kind === 'refused') throw new Error(`refused: ${result.reason}`);
  return result.session;
}

async function auditOf(staffId: number, action: string): Promise<(number | null)[]> {
  const { rows } = await ctx.db.execute<{ organisation_id: string | null }>(sql`
    SELECT organisation_id FROM audit_events
    WHERE object_type = 'staff' AND object_id = ${String(staffId)} AND action = ${action} ORDER BY organisation_id`);
  return rows.map((row) => (row.organisation_id === null ? null : Number(row.organisation_id)));
}

describe('sign-in limits under a burst', () => {
  it('lets no more than CLIENT_FAILURE_LIMIT concurrent guesses of one client reach the password check', async () => {
    const flooding = client();
    const results = await Promise.all(
      Array.from({ length: CLIENT_FAILURE_LIMIT + 10 }, (_, i) =>
        signIn(ctx.db, { email: `burst${i}@example.com`, password: 'guess guess guess', client: flooding }),
      ),
    );
    const checked = results.filter((r) => r.kind === 'refused' && r.reason === 'credentials');
    const limited = results.filter((r) => r.kind === 'refused' && r.reason === 'too-many-attempts');
    expect(checked.length).toBeLessThanOrEqual(CLIENT_FAILURE_LIMIT);
    expect(limited.length).toBeGreaterThanOrEqual(10);
  });

  it('slows concurrent guesses of one account down as if they came one after the other', async () => {
    const staff = await createTestStaff(ctx.db, { template: 'planner' });
    const waits: number[] = [];
    const burst = 8;
    await Promise.all(
      Array.from({ length: burst }, () =>
        signIn(ctx.db, {
          email: staff.email,
          password: 'not the password at all',
          client: client(),
          sleep: async (ms) => void waits.push(ms),
        }),
      ),
    );
    // The last to count sees (at least) the other seven: it waits as the eighth guess in a row would.
    expect(Math.max(0, ...waits)).toBe(accountDelayMs(burst - 1));
    expect(waits.length).toBeGreaterThanOrEqual(burst - 1 - ACCOUNT_FREE_FAILURES);
  });

  it('a right password still signs in, and its success clears the failures counted before it', async () => {
    const staff = await createTestStaff(ctx.db, { template: 'planner' });
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 2; i++)
      await signIn(ctx.db, {
        email: staff.email,
        password: 'wrong wrong wrong',
        client: client(),
        sleep: noWait,
      });
    expect((await signIn(ctx.db, { ...staff, client: client(), sleep: noWait })).kind).toBe('signed-in');
    const waits: number[] = [];
    await signIn(ctx.db, {
      email: staff.email,
      password: 'wrong again',
      client: client(),
      sleep: async (ms) => void waits.push(ms),
    });
    expect(waits).toEqual([]);
  });
});

describe('second-factor limits', () => {
  it('checks a burst of codes one after the other: no more than the limit are looked at', async () => {
    const staff = await createTestStaff(ctx.db, { template: 'owner', totp: true });
    const sessions = await Promise.all(
      [0, 1, 2].map(async () => sessionOf(await signIn(ctx.db, { ...staff, client: client() }))),
    );
    const burst = SECOND_FACTOR_FAILURE_LIMIT + 10;
    const results = await Promise.allSettled(
      Array.from({ length: burst }, (_, i) =>
        verifySecondFactor(ctx.db, sessions[i % 3]!.sessionId, wrongCode(i), client()),
      ),
    );
    const looked = results.filter((r) => r.status === 'fulfilled');
    expect(looked).toHaveLength(SECOND_FACTOR_FAILURE_LIMIT);
    expect(looked.every((r) => r.status === 'fulfilled' && r.value === false)).toBe(true);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'too_many_requests' });
  });

  it('caps wrong codes per day (not only per five minutes) and logs the day the cap was reached', async () => {
    const staff = await createTestStaff(ctx.db, { template: 'owner', totp: true });
    // Earlier today, spread so the five-minute window holds none of them.
    await ctx.db.execute(sql`
      INSERT INTO sign_in_attempts (email, client_address, succeeded, factor, attempted_at)
      SELECT ${staff.email}, 'elsewhere', false, 'second_factor', now() - (g * interval '10 minutes')
      FROM generate_series(1, ${SECOND_FACTOR_DAILY_LIMIT - 1}) g`);
    const opened = sessionOf(await signIn(ctx.db, { ...staff, client: client() }));
    expect(await verifySecondFactor(ctx.db, opened.sessionId, wrongCode(1), client())).toBe(false);
    expect(await auditOf(staff.staffId, 'second_factor_daily_limit_reached')).toEqual([staff.organisationId]);
    const right = totpCode(staff.totpSecret!, new Date());
    await expect(verifySecondFactor(ctx.db, opened.sessionId, right, client())).rejects.toMatchObject({
      code: 'too_many_requests',
    });
  });
});

describe('password hashing gate', () => {
  it('refuses with too_many_requests once the waiting queue is full', async () => {
    const gate = new Semaphore(1, 2);
    let open!: () => void;
    const held = gate.run(() => new Promise<void>((resolve) => (open = resolve)));
    const queued = [gate.run(async () => 1), gate.run(async () => 2)];
    await expect(gate.run(async () => 3)).rejects.toMatchObject({ code: 'too_many_requests', status: 429 });
    expect(gate.stats()).toMatchObject({ active: 1, waiting: 2, refused: 1 });
    open();
    await held;
    expect(await Promise.all(queued)).toEqual([1, 2]);
  });

  it('member scrypt and staff Argon2id share one bounded gate: a flood is refused, not queued', async () => {
    const before = passwordHashingStats();
    await hashMemberPassword('a member password');
    expect(passwordHashingStats().runs).toBe(before.runs + 1);

    const flood = await Promise.allSettled(
      Array.from({ length: PASSWORD_HASHING_MAX_WAITING + 12 }, (_, i) =>
        i % 2 ? hashMemberPassword(`member ${i}`) : verifyPassword(null, `staff ${i}`),
      ),
    );
    const refused = flood.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'too_many_requests' });
    expect(passwordHashingStats().active).toBe(0);
  });
});

describe('own account', () => {
  async function signedIn() {
    const staff = await createTestStaff(ctx.db, { template: 'planner' });
    const where = client();
    const opened = sessionOf(await signIn(ctx.db, { ...staff, client: where }));
    return { staff, where, opened };
  }

  async function useUpClient(address: string) {
    await ctx.db.execute(sql`
      INSERT INTO sign_in_attempts (email, client_address, succeeded)
      SELECT 'someone' || g || '@example.com', ${address}, false FROM generate_series(1, ${CLIENT_FAILURE_LIMIT}) g`);
  }

  it('changing the password counts the current-password guess against the client limit', async () => {
    const { staff, where, opened } = await signedIn();
    await useUpClient(where.address);
    await expect(
      changePassword(ctx.db, {
        sessionId: opened.sessionId,
        currentPassword: staff.password,
        newPassword: 'a brand new long password',
        client: where,
      }),
    ).rejects.toMatchObject({ code: 'too_many_requests' });
  });

  it('a burst of wrong current passwords stops at the client limit', async () => {
    const { opened, where } = await signedIn();
    const results = await Promise.allSettled(
      Array.from({ length: CLIENT_FAILURE_LIMIT + 5 }, (_, i) =>
        changePassword(ctx.db, {
          sessionId: opened.sessionId,
          currentPassword: `guess number ${i}`,
          newPassword: 'a brand new long password',
          client: where,
        }),
      ),
    );
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'ok'));
    expect(codes.filter((c) => c === 'console_sign_in_failed').length).toBeLessThanOrEqual(
      CLIENT_FAILURE_LIMIT,
    );
    expect(codes.filter((c) => c === 'too_many_requests').length).toBeGreaterThanOrEqual(5);
  });

  it('re-authentication past the client limit answers false without checking', async () => {
    const { staff, where, opened } = await signedIn();
    await useUpClient(where.address);
    expect(await reauthenticate(ctx.db, opened.sessionId, staff.password, where)).toBe(false);
  });
});

describe('password reset requests', () => {
  async function mailsTo(email: string): Promise<number> {
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'staff_password_reset' AND to_address = ${email}`,
    );
    return rows[0]!.n;
  }

  it('answers a known and an unknown address after the same fixed time', async () => {
    const staff = await createTestStaff(ctx.db, { template: 'planner' });
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    await requestPasswordReset(ctx.db, env, { email: 'nobody-at-all@example.com', client: client(), sleep });
    await requestPasswordReset(ctx.db, env, { email: staff.email, client: client(), sleep });
    expect(waits).toHaveLength(2);
    for (const ms of waits) {
      expect(ms).toBeGreaterThan(0);
      expect(ms).toBeLessThanOrEqual(PASSWORD_RESET_ANSWER_MS);
    }
    expect(await mailsTo(staff.email)).toBe(1);
  });

  it('mails one link per account in five minutes, however many requests come at once', async () => {
    const staff = await createTestStaff(ctx.db, { template: 'planner' });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        requestPasswordReset(ctx.db, env, { email: staff.email, client: client(), sleep: noWait }),
      ),
    );
    await requestPasswordReset(ctx.db, env, { email: staff.email, client: client(), sleep: noWait });
    expect(await mailsTo(staff.email)).toBe(1);
  });

  it('is audited in every organisation the person belongs to', async () => {
    const staff = await createTestStaff(ctx.db, { template: 'planner' });
    const { organisation: second } = await ensureOrganisation(ctx.db, {
      code: 'second-org-reset',
      name: 'Second organisation',
    });
    const role = await templateRole(ctx.db, second.id, 'gate');
    await ctx.db.execute(sql`
      INSERT INTO staff_memberships (staff_id, organisation_id, role_id, all_sites, site_codes)
      VALUES (${staff.staffId}, ${second.id}, ${role.id}, true, '{}'::text[])`);
    await requestPasswordReset(ctx.db, env, { email: staff.email, client: client(), sleep: noWait });
    expect(await auditOf(staff.staffId, 'password_reset_requested')).toEqual(
      [staff.organisationId, second.id].sort((a, b) => a - b),
    );
  });
});
