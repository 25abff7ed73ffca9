import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneTemplate } from '../../../test/test-database.ts';
import { createDb, type Db } from '../../db/client.ts';
import { DEMO_STAFF, findDemoStaffWithPublishedSecrets } from '../../seed/demo-staff.ts';
import { acceptInvitation, inviteStaff } from './invitations.ts';
import { changeMembership, removeMember } from './members.ts';
import { organisationByCode } from './organisations.ts';
import { changePassword, endOtherSessions, reauthenticate } from './own-account.ts';
import {
  passwordHashingStats,
  resetPasswordHashingPeak,
  PASSWORD_HASHING_CONCURRENCY,
} from './password-hash.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { createRole, deleteRole, listRoles, templateRole, updateRole } from './roles.ts';
import {
  confirmTotpEnrolment,
  resetSecondFactor,
  startTotpEnrolment,
  verifySecondFactor,
} from './second-factor.ts';
import { recentlyReauthenticated, resolveSession, sessionById } from './sessions.ts';
import { CLIENT_FAILURE_LIMIT, SECOND_FACTOR_FAILURE_LIMIT } from './sign-in-limits.ts';
import { signIn, type SignInResult } from './sign-in.ts';
import { totpCode } from './totp.ts';

// A database of this file's own (cloned from the demo-seeded template) and a second pool on it, standing
// for a second server process. No app: the staff domain is tested beneath the routes.
const ctx = {} as { db: Db; other: Db };
let drop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const { adminUrl, template } = inject('testDatabase');
  const clone = await cloneTemplate(adminUrl, template);
  drop = clone.drop;
  ctx.db = createDb(clone.url, 10);
  ctx.other = createDb(clone.url, 10);
});
afterAll(async () => {
  await ctx.db?.$client.end();
  await ctx.other?.$client.end();
  await drop?.();
});

const env = { CONSOLE_ORIGIN: 'https://console.example', PUBLIC_URL: 'https://tickets.example', PORT: 3000 };
let clients = 0;
/** A client address of its own, so one test's failures never count against another's. */
const client = () => ({ address: `192.0.2.${++clients}`, userAgent: 'vitest' });
const demo = (email: string) => DEMO_STAFF.find((member) => member.email === email)!;

function session(result: SignInResult) {
  if (result.kind === 'refused') throw new Error(`refused: ${result.reason}`);
  return result.session;
}

async function auditActions(staffId: number): Promise<string[]> {
  const { rows } = await ctx.db.execute<{ action: string }>(
    sql`SELECT action FROM audit_events WHERE object_type = 'staff' AND object_id = ${String(staffId)} ORDER BY id`,
  );
  return rows.map((row) => row.action);
}

describe('demo organisations and staff', () => {
  it('kippu-demo owns the demo sites but OKINAWA; the demo owner signs in with the published TOTP seed', async () => {
    const demoOrg = await organisationByCode(ctx.db, 'kippu-demo');
    const okinawa = await organisationByCode(ctx.db, 'okinawa');
    const { rows } = await ctx.db.execute<{ code: string; organisation_id: string }>(
      sql`SELECT code, organisation_id FROM sites WHERE code IN ('DEMO', 'OKINAWA') ORDER BY code`,
    );
    expect(rows.map((row) => [row.code, Number(row.organisation_id)])).toEqual([
      ['DEMO', demoOrg!.id],
      ['OKINAWA', okinawa!.id],
    ]);

    const owner = demo('owner@demo.kippu.test');
    const result = await signIn(ctx.db, {
      email: 'Owner@Demo.Kippu.test ',
      password: owner.password,
      client: client(),
    });
    expect(result.kind).toBe('second-factor-needed');
    const opened = session(result);
    const before = await resolveSession(ctx.db, opened.cookieValue);
    expect(before?.secondFactor).toBe('needed');
    const code = totpCode(owner.totpSecret!, new Date());
    expect(await verifySecondFactor(ctx.db, opened.sessionId, code, client())).toBe(true);
    const after = await resolveSession(ctx.db, opened.cookieValue);
    expect(after).toMatchObject({ secondFactor: 'done', roleTemplate: 'owner', organisationId: demoOrg!.id });
    expect(after!.siteCodes).toContain('DEMO');
    expect(after!.siteCodes).not.toContain('OKINAWA');

    // The same code again, on another session: the step was used.
    const again = session(
      await signIn(ctx.db, { email: owner.email, password: owner.password, client: client() }),
    );
    expect(await verifySecondFactor(ctx.db, again.sessionId, code, client())).toBe(false);
    expect((await resolveSession(ctx.db, again.cookieValue))?.secondFactor).toBe('needed');
  });
});

describe('sign-in limits', () => {
  it('slows an attacked account down ever more, and never locks it: the right password still signs in', async () => {
    const gate = demo('gate@demo.kippu.test');
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    for (let attempt = 0; attempt < 8; attempt++) {
      const result = await signIn(ctx.db, {
        email: gate.email,
        password: `wrong password ${attempt}`,
        client: client(),
        sleep,
      });
      expect(result).toEqual({ kind: 'refused', reason: 'credentials' });
    }
    // The first attempts are free, then each waits longer than the one before.
    expect(waits.length).toBe(8 - 4);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]!);
    const staffId = (
      await ctx.db.execute<{ id: string }>(sql`SELECT id FROM staff WHERE email = ${gate.email}`)
    ).rows[0]!.id;
    const result = await signIn(ctx.db, {
      email: gate.email,
      password: gate.password,
      client: client(),
      sleep,
    });
    expect(result.kind).toBe('signed-in');
    expect(waits.length).toBe(5);
    // The success cleared the account's count: the next failure waits nothing.
    await signIn(ctx.db, { email: gate.email, password: 'wrong again', client: client(), sleep });
    expect(waits.length).toBe(5);
    const actions = await auditActions(Number(staffId));
    expect(actions.filter((action) => action === 'sign_in_failed')).toHaveLength(9);
    expect(actions.at(-2)).toBe('signed_in');
  });

  it('limits a client by its failures counted in PostgreSQL, across two server processes, not others', async () => {
    const flooding = client();
    const planner = demo('planner@demo.kippu.test');
    for (let attempt = 0; attempt < CLIENT_FAILURE_LIMIT; attempt++) {
      const pool = attempt % 2 === 0 ? ctx.db : ctx.other;
      const result = await signIn(pool, {
        email: `nobody${attempt}@example.com`,
        password: 'guess guess guess',
        client: flooding,
      });
      expect(result.kind).toBe('refused');
    }
    for (const pool of [ctx.db, ctx.other]) {
      const refused = await signIn(pool, {
        email: planner.email,
        password: planner.password,
        client: flooding,
      });
      expect(refused).toEqual({ kind: 'refused', reason: 'too-many-attempts' });
    }
    const elsewhere = await signIn(ctx.other, {
      email: planner.email,
      password: planner.password,
      client: client(),
    });
    expect(elsewhere.kind).toBe('signed-in');
  });

  it('does the same Argon2id work for an address without an account as for a wrong password', async () => {
    const gate = demo('gate@demo.kippu.test');
    const runs = () => passwordHashingStats().runs;
    const before = runs();
    await signIn(ctx.db, {
      email: 'no-such-person@example.com',
      password: 'some long guess here',
      client: client(),
    });
    const unknown = runs() - before;
    await signIn(ctx.db, {
      email: gate.email,
      password: 'some long guess here',
      client: client(),
      sleep: async () => {},
    });
    const known = runs() - before - unknown;
    expect(unknown).toBe(1);
    expect(known).toBe(1);
  });

  it('caps concurrent password hashing: sign-ins in a flood wait for a slot', async () => {
    const finance = demo('finance@demo.kippu.test');
    resetPasswordHashingPeak();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        signIn(i % 2 ? ctx.db : ctx.other, {
          email: i < 4 ? finance.email : `ghost${i}@example.com`,
          password: i < 4 ? finance.password : 'not the password at all',
          client: client(),
        }),
      ),
    );
    expect(results.filter((result) => result.kind === 'signed-in')).toHaveLength(4);
    expect(results.filter((result) => result.kind === 'refused')).toHaveLength(4);
    expect(passwordHashingStats().peak).toBe(PASSWORD_HASHING_CONCURRENCY);
    expect(passwordHashingStats().active).toBe(0);
  });
});

describe('sessions', () => {
  it('end when idle for 3 h or 12 h after sign-in, and move the idle deadline at most once a minute', async () => {
    const marketing = demo('marketing@demo.kippu.test');
    const open = async () =>
      session(
        await signIn(ctx.db, { email: marketing.email, password: marketing.password, client: client() }),
      );

    const idle = await open();
    expect(await resolveSession(ctx.db, idle.cookieValue)).not.toBeNull();
    await ctx.db.execute(
      sql`UPDATE staff_sessions SET idle_expires_at = now() - interval '1 second' WHERE id = ${idle.sessionId}`,
    );
    expect(await resolveSession(ctx.db, idle.cookieValue)).toBeNull();

    const old = await open();
    await ctx.db.execute(
      sql`UPDATE staff_sessions SET absolute_expires_at = now() - interval '1 second' WHERE id = ${old.sessionId}`,
    );
    expect(await resolveSession(ctx.db, old.cookieValue)).toBeNull();

    const touched = await open();
    await ctx.db.execute(sql`
      UPDATE staff_sessions SET last_seen_at = now() - interval '2 minutes', idle_expires_at = now() + interval '1 hour'
      WHERE id = ${touched.sessionId}`);
    expect(await resolveSession(ctx.db, touched.cookieValue)).not.toBeNull();
    const { rows } = await ctx.db.execute<{ idle_hours: number; seen_recently: boolean }>(sql`
      SELECT extract(epoch FROM idle_expires_at - now()) / 3600 AS idle_hours,
             last_seen_at > now() - interval '10 seconds' AS seen_recently
      FROM staff_sessions WHERE id = ${touched.sessionId}`);
    expect(rows[0]!.seen_recently).toBe(true);
    expect(Number(rows[0]!.idle_hours)).toBeGreaterThan(2.9);

    expect(await resolveSession(ctx.db, 'not a session cookie value at all')).toBeNull();
  });

  it('a password change ends every session of the person, and answers a new one', async () => {
    const boxOffice = demo('box-office@demo.kippu.test');
    const first = session(
      await signIn(ctx.db, { email: boxOffice.email, password: boxOffice.password, client: client() }),
    );
    const second = session(
      await signIn(ctx.other, { email: boxOffice.email, password: boxOffice.password, client: client() }),
    );
    await expect(
      changePassword(ctx.db, {
        sessionId: first.sessionId,
        currentPassword: 'not it at all, no',
        newPassword: 'a new and long passphrase',
        client: client(),
      }),
    ).rejects.toMatchObject({ code: 'console_sign_in_failed' });
    await expect(
      changePassword(ctx.db, {
        sessionId: first.sessionId,
        currentPassword: boxOffice.password,
        newPassword: 'password1234567',
        client: client(),
      }),
    ).rejects.toMatchObject({ code: 'console_password_rules' });
    const next = await changePassword(ctx.db, {
      sessionId: first.sessionId,
      currentPassword: boxOffice.password,
      newPassword: 'the box office opens at ten',
      client: client(),
    });
    expect(await resolveSession(ctx.db, first.cookieValue)).toBeNull();
    expect(await resolveSession(ctx.db, second.cookieValue)).toBeNull();
    expect(next.sessionId).not.toBe(first.sessionId);
    expect(await resolveSession(ctx.db, next.cookieValue)).toMatchObject({ email: boxOffice.email });
    expect(
      (await signIn(ctx.db, { email: boxOffice.email, password: boxOffice.password, client: client() })).kind,
    ).toBe('refused');
    expect(
      (
        await signIn(ctx.db, {
          email: boxOffice.email,
          password: 'the box office opens at ten',
          client: client(),
        })
      ).kind,
    ).toBe('signed-in');
  });

  it('ends the other sessions on request, and re-authenticates for a few minutes with the password', async () => {
    const owner = demo('owner@okinawa.kippu.test');
    const mine = session(
      await signIn(ctx.db, { email: owner.email, password: owner.password, client: client() }),
    );
    const elsewhere = session(
      await signIn(ctx.db, { email: owner.email, password: owner.password, client: client() }),
    );
    expect(await endOtherSessions(ctx.db, mine.sessionId, client())).toBeGreaterThanOrEqual(1);
    expect(await sessionById(ctx.db, elsewhere.sessionId)).toBeNull();
    expect(await sessionById(ctx.db, mine.sessionId)).not.toBeNull();

    expect(await reauthenticate(ctx.db, mine.sessionId, 'not the password', client())).toBe(false);
    expect(recentlyReauthenticated((await sessionById(ctx.db, mine.sessionId))!)).toBe(false);
    expect(await reauthenticate(ctx.db, mine.sessionId, owner.password, client())).toBe(true);
    const reauthenticated = (await sessionById(ctx.db, mine.sessionId))!;
    expect(recentlyReauthenticated(reauthenticated)).toBe(true);
    expect(recentlyReauthenticated(reauthenticated, new Date(Date.now() + 6 * 60_000))).toBe(false);
  });
});

describe('invitations', () => {
  it('invite as gate for one site, mail in the person’s language, accepted once; the session covers that site only', async () => {
    const organisation = (await organisationByCode(ctx.db, 'kippu-demo'))!;
    const gateRole = await templateRole(ctx.db, organisation.id, 'gate');
    const ownerId = Number(
      (await ctx.db.execute<{ id: string }>(sql`SELECT id FROM staff WHERE email = 'owner@demo.kippu.test'`))
        .rows[0]!.id,
    );
    const invitedBy = {
      actor: { kind: 'staff' as const, staffId: ownerId },
      staffId: ownerId,
      name: 'Demo owner',
      limits: {},
    };
    const invitation = await inviteStaff(ctx.db, env, {
      organisationId: organisation.id,
      email: 'New.Gate@Example.com',
      name: 'New gate',
      lang: 'en',
      roleId: gateRole.id,
      sites: ['DEMO'],
      invitedBy,
    });
    expect(invitation.link).toBe(`https://console.example/console/#/invitation/${invitation.token}`);
    const { rows: mails } = await ctx.db.execute<{
      kind: string;
      to_address: string;
      lang: string;
      payload: { acceptUrl: string };
    }>(
      sql`SELECT kind, to_address, lang, payload FROM mail_outbox WHERE to_address = 'new.gate@example.com'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'staff_invitation',
      lang: 'en',
      payload: { acceptUrl: invitation.link },
    });

    // The same address again while the first is open; a site of the other organisation.
    await expect(
      inviteStaff(ctx.db, env, {
        organisationId: organisation.id,
        email: 'new.gate@example.com',
        name: 'x',
        lang: 'en',
        roleId: gateRole.id,
        sites: ['DEMO'],
        invitedBy,
      }),
    ).rejects.toMatchObject({ code: 'console_staff_exists' });
    await expect(
      inviteStaff(ctx.db, env, {
        organisationId: organisation.id,
        email: 'other@example.com',
        name: 'x',
        lang: 'en',
        roleId: gateRole.id,
        sites: ['OKINAWA'],
        invitedBy,
      }),
    ).rejects.toMatchObject({ code: 'record_not_found' });
    // An administrator cannot make owners.
    const ownerRole = await templateRole(ctx.db, organisation.id, 'owner');
    await expect(
      inviteStaff(ctx.db, env, {
        organisationId: organisation.id,
        email: 'boss@example.com',
        name: 'x',
        lang: 'en',
        roleId: ownerRole.id,
        sites: 'all',
        invitedBy: { ...invitedBy, limits: { staffNotOwners: true } },
      }),
    ).rejects.toMatchObject({ code: 'record_not_found' });

    await expect(
      acceptInvitation(ctx.db, { token: invitation.token, password: 'short', client: client() }),
    ).rejects.toMatchObject({ code: 'console_password_rules' });
    const accepted = await acceptInvitation(ctx.db, {
      token: invitation.token,
      password: 'gates open at nine sharp',
      client: client(),
    });
    expect(accepted.organisationId).toBe(organisation.id);
    await expect(
      acceptInvitation(ctx.db, {
        token: invitation.token,
        password: 'gates open at nine sharp',
        client: client(),
      }),
    ).rejects.toMatchObject({ code: 'console_link_expired' });

    const signedIn = await signIn(ctx.db, {
      email: 'new.gate@example.com',
      password: 'gates open at nine sharp',
      client: client(),
    });
    expect(signedIn.kind).toBe('signed-in');
    const resolved = await resolveSession(ctx.db, session(signedIn).cookieValue);
    expect(resolved).toMatchObject({
      siteCodes: ['DEMO'],
      roleTemplate: 'gate',
      secondFactor: 'not-required',
    });
    expect(resolved!.permissions.checkIn).toBe('write');
    expect(resolved!.permissions.refunds).toBe('none');

    // Removed from the organisation: the old session opens nothing.
    await removeMember(ctx.db, {
      organisationId: organisation.id,
      staffId: accepted.staffId,
      editor: { actor: invitedBy.actor, staffId: ownerId, limits: {} },
    });
    expect(await resolveSession(ctx.db, session(signedIn).cookieValue)).toBeNull();
  });

  it('an organisation keeps an owner, and an administrator cannot touch owners', async () => {
    const okinawa = (await organisationByCode(ctx.db, 'okinawa'))!;
    const ownerId = Number(
      (
        await ctx.db.execute<{ id: string }>(
          sql`SELECT id FROM staff WHERE email = 'owner@okinawa.kippu.test'`,
        )
      ).rows[0]!.id,
    );
    const planner = await templateRole(ctx.db, okinawa.id, 'planner');
    const editor = { actor: { kind: 'staff' as const, staffId: ownerId }, staffId: ownerId, limits: {} };
    await expect(
      changeMembership(ctx.db, { organisationId: okinawa.id, staffId: ownerId, roleId: planner.id, editor }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(
      changeMembership(ctx.db, {
        organisationId: okinawa.id,
        staffId: ownerId,
        sites: ['OKINAWA'],
        editor: { ...editor, limits: { staffNotOwners: true } },
      }),
    ).rejects.toMatchObject({ code: 'record_not_found' });
    // Another organisation's member is not there at all.
    const demoOwnerId = Number(
      (await ctx.db.execute<{ id: string }>(sql`SELECT id FROM staff WHERE email = 'owner@demo.kippu.test'`))
        .rows[0]!.id,
    );
    await expect(
      changeMembership(ctx.db, { organisationId: okinawa.id, staffId: demoOwnerId, sites: 'all', editor }),
    ).rejects.toMatchObject({ code: 'record_not_found' });
  });
});

describe('password reset', () => {
  it('answers the same for an unknown address, mails a known one, and its link works once and ends sessions', async () => {
    const unknown = await requestPasswordReset(ctx.db, env, {
      email: 'nobody-here@example.com',
      client: client(),
    });
    const planner = demo('planner@demo.kippu.test');
    const before = session(
      await signIn(ctx.db, { email: planner.email, password: planner.password, client: client() }),
    );
    const known = await requestPasswordReset(ctx.db, env, { email: planner.email, client: client() });
    expect(known).toStrictEqual(unknown);
    const { rows } = await ctx.db.execute<{ to_address: string; payload: { resetUrl: string } }>(
      sql`SELECT to_address, payload FROM mail_outbox WHERE kind = 'staff_password_reset' ORDER BY id`,
    );
    expect(rows.map((row) => row.to_address)).toEqual([planner.email]);
    const token = rows[0]!.payload.resetUrl.split('/reset/')[1]!;
    expect(rows[0]!.payload.resetUrl).toBe(`https://console.example/console/#/reset/${token}`);

    await expect(
      resetPassword(ctx.db, { token, newPassword: 'qwertyuiopasdfgh', client: client() }),
    ).rejects.toMatchObject({ code: 'console_password_rules' });
    await resetPassword(ctx.db, { token, newPassword: 'planning the spring season', client: client() });
    expect(await resolveSession(ctx.db, before.cookieValue)).toBeNull();
    await expect(
      resetPassword(ctx.db, { token, newPassword: 'planning the summer season', client: client() }),
    ).rejects.toMatchObject({ code: 'console_link_expired' });
    expect(
      (
        await signIn(ctx.db, {
          email: planner.email,
          password: 'planning the spring season',
          client: client(),
        })
      ).kind,
    ).toBe('signed-in');
  });
});

describe('second factor', () => {
  it('enrols TOTP for a role that asks for it; a recovery code works once; an owner can reset it', async () => {
    const administrator = demo('administrator@demo.kippu.test');
    const first = await signIn(ctx.db, {
      email: administrator.email,
      password: administrator.password,
      client: client(),
    });
    expect(first.kind).toBe('second-factor-enrolment-needed');
    const opened = session(first);
    expect((await resolveSession(ctx.db, opened.cookieValue))?.secondFactor).toBe('enrolment-needed');
    const staffId = (await resolveSession(ctx.db, opened.cookieValue))!.staffId;
    const { secret, otpauthUri } = await startTotpEnrolment(ctx.db, staffId);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(
      await confirmTotpEnrolment(ctx.db, {
        sessionId: opened.sessionId,
        code: '000000',
        client: client(),
        now: new Date(0),
      }),
    ).toBeNull();
    const confirmed = await confirmTotpEnrolment(ctx.db, {
      sessionId: opened.sessionId,
      code: totpCode(secret, new Date()),
      client: client(),
    });
    expect(confirmed!.recoveryCodes).toHaveLength(10);
    expect((await resolveSession(ctx.db, opened.cookieValue))?.secondFactor).toBe('done');

    const recovery = confirmed!.recoveryCodes[0]!;
    const next = session(
      await signIn(ctx.db, {
        email: administrator.email,
        password: administrator.password,
        client: client(),
      }),
    );
    expect(
      await verifySecondFactor(ctx.db, next.sessionId, recovery.toLowerCase().replace(/-/g, ' '), client()),
    ).toBe(true);
    const third = session(
      await signIn(ctx.db, {
        email: administrator.email,
        password: administrator.password,
        client: client(),
      }),
    );
    expect(await verifySecondFactor(ctx.db, third.sessionId, recovery, client())).toBe(false);

    const organisation = (await organisationByCode(ctx.db, 'kippu-demo'))!;
    const ownerId = Number(
      (await ctx.db.execute<{ id: string }>(sql`SELECT id FROM staff WHERE email = 'owner@demo.kippu.test'`))
        .rows[0]!.id,
    );
    // The administrator cannot reset the owner's; the owner resets the administrator's.
    await expect(
      resetSecondFactor(ctx.db, env, {
        organisationId: organisation.id,
        staffId: ownerId,
        by: { actor: { kind: 'staff', staffId }, name: 'Admin', limits: { staffNotOwners: true } },
      }),
    ).rejects.toMatchObject({ code: 'record_not_found' });
    await resetSecondFactor(ctx.db, env, {
      organisationId: organisation.id,
      staffId,
      by: { actor: { kind: 'staff', staffId: ownerId }, name: 'Demo owner', limits: {} },
    });
    expect(await resolveSession(ctx.db, opened.cookieValue)).toBeNull();
    const { rows: mails } = await ctx.db.execute<{ kind: string }>(
      sql`SELECT kind FROM mail_outbox WHERE to_address = ${administrator.email}`,
    );
    expect(mails.map((mail) => mail.kind)).toEqual(['staff_second_factor_reset']);
    expect(
      (
        await signIn(ctx.db, {
          email: administrator.email,
          password: administrator.password,
          client: client(),
        })
      ).kind,
    ).toBe('second-factor-enrolment-needed');
    expect(await auditActions(staffId)).toEqual(
      expect.arrayContaining([
        'second_factor_enrolled',
        'second_factor_accepted',
        'second_factor_failed',
        'second_factor_reset',
      ]),
    );
  });
});

describe('second-factor guessing', () => {
  it('is limited per account across sessions and addresses, and a right password alone clears nothing', async () => {
    const owner = demo('owner@okinawa.kippu.test');
    const open = async () =>
      session(
        await signIn(ctx.db, {
          email: owner.email,
          password: owner.password,
          client: client(),
          sleep: async () => {},
        }),
      );
    const right = totpCode(owner.totpSecret!, new Date());
    // Never a code of the accepted window: far from the right one.
    const wrong = (n: number) => String((Number(right) + 500_000 + n) % 1_000_000).padStart(6, '0');
    let current = await open();
    for (let attempt = 0; attempt < SECOND_FACTOR_FAILURE_LIMIT; attempt++) {
      // A new session (and address) every few tries changes nothing.
      if (attempt % 4 === 3) current = await open();
      expect(await verifySecondFactor(ctx.db, current.sessionId, wrong(attempt), client())).toBe(false);
    }
    const fresh = await open();
    await expect(verifySecondFactor(ctx.db, fresh.sessionId, right, client())).rejects.toMatchObject({
      code: 'too_many_requests',
    });
    // The password step still works (nobody is locked out of it), but waits: the codes counted as failures.
    const waits: number[] = [];
    const again = await signIn(ctx.db, {
      email: owner.email,
      password: owner.password,
      client: client(),
      sleep: async (ms) => void waits.push(ms),
    });
    expect(again.kind).toBe('second-factor-needed');
    expect(waits).toHaveLength(1);
    // Once the window has passed, the right code is accepted.
    await ctx.db.execute(sql`
      UPDATE sign_in_attempts SET attempted_at = attempted_at - interval '6 minutes'
      WHERE email = ${owner.email} AND factor = 'second_factor'`);
    expect(await verifySecondFactor(ctx.db, session(again).sessionId, right, client())).toBe(true);
  });
});

describe('roles', () => {
  it('an owner makes, changes and removes custom roles; an administrator cannot; the owner role keeps its permissions', async () => {
    const organisation = (await organisationByCode(ctx.db, 'kippu-demo'))!;
    const ownerEditor = { actor: { kind: 'staff' as const, staffId: 1 }, limits: {} };
    const adminEditor = {
      actor: { kind: 'staff' as const, staffId: 2 },
      limits: { staffNotOwners: true as const },
    };
    const gate = await templateRole(ctx.db, organisation.id, 'gate');
    const input = {
      organisationId: organisation.id,
      name: 'Night gate',
      permissions: { ...gate.permissions, reports: 'read' as const },
      limits: {},
      requireSecondFactor: false,
    };
    await expect(createRole(ctx.db, { ...input, editor: adminEditor })).rejects.toMatchObject({
      code: 'record_not_found',
    });
    const role = await createRole(ctx.db, { ...input, editor: ownerEditor });
    expect(role).toMatchObject({ templateKey: null, name: 'Night gate' });
    expect(role.permissions.reports).toBe('read');
    await expect(createRole(ctx.db, { ...input, editor: ownerEditor })).rejects.toMatchObject({
      code: 'console_staff_exists',
    });

    const changed = await updateRole(ctx.db, {
      organisationId: organisation.id,
      roleId: role.id,
      requireSecondFactor: true,
      editor: ownerEditor,
    });
    expect(changed.requireSecondFactor).toBe(true);
    const owner = await templateRole(ctx.db, organisation.id, 'owner');
    await expect(
      updateRole(ctx.db, {
        organisationId: organisation.id,
        roleId: owner.id,
        permissions: gate.permissions,
        editor: ownerEditor,
      }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    // Another organisation's role is not there.
    const okinawa = (await organisationByCode(ctx.db, 'okinawa'))!;
    await expect(
      updateRole(ctx.db, { organisationId: okinawa.id, roleId: role.id, name: 'x', editor: ownerEditor }),
    ).rejects.toMatchObject({
      code: 'record_not_found',
    });
    await expect(
      deleteRole(ctx.db, { organisationId: organisation.id, roleId: gate.id, editor: ownerEditor }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
    });
    await deleteRole(ctx.db, { organisationId: organisation.id, roleId: role.id, editor: ownerEditor });
    expect((await listRoles(ctx.db, organisation.id)).map((each) => each.id)).not.toContain(role.id);
  });
});

describe('demo staff with published secrets', () => {
  it('are found while their password is still the published one (the production start can refuse them)', async () => {
    const found = await findDemoStaffWithPublishedSecrets(ctx.db);
    expect(found).toContain('owner@demo.kippu.test (password)');
    // Changed in the tests above: no longer the published password, and no published seed.
    expect(found.join()).not.toContain('box-office@demo.kippu.test');
    expect(found.join()).not.toContain('planner@demo.kippu.test');
  });
});
