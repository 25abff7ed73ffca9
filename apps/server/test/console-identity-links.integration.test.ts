import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONSOLE_API_PATH, ERRORS } from '@kippu/contract';
import { templateRole } from '../src/domain/staff/roles.ts';
import { setupTestApp } from './helper.ts';
import {
  consoleBrowser,
  consoleSignIn,
  createTestStaff,
  sessionCookieFrom,
  staffAddress,
  TEST_CONSOLE_ORIGIN,
} from './console-sign-in.ts';

/** Invitations and password resets through the console API, with the link taken from the mail outbox. */
const ctx = setupTestApp();
const api = (path: string) => `${CONSOLE_API_PATH}${path}`;
const NEW_PASSWORD = 'a long new passphrase of my own 27';

async function linkTokenMailedTo(email: string, kind: string, field: string): Promise<string> {
  const { rows } = await ctx.db.execute<{ url: string }>(sql`
    SELECT payload->>${field} AS url FROM mail_outbox
    WHERE to_address = ${email} AND kind = ${kind} ORDER BY id DESC LIMIT 1`);
  const url = rows[0]?.url;
  if (!url) throw new Error(`no ${kind} mail to ${email}`);
  return url.slice(url.lastIndexOf('/') + 1);
}

describe('a staff invitation', () => {
  it('is mailed, previewed, accepted once with a password that passes the rules, and signs the person in', async () => {
    const owner = await createTestStaff(ctx.db, {
      organisation: 'invite-org',
      template: 'owner',
      totp: true,
    });
    const browser = await consoleSignIn(ctx.app, owner);
    const gateRole = await templateRole(ctx.db, owner.organisationId, 'gate');
    const email = `new-gate-${process.pid}@staff.kippu.test`;
    const invited = await ctx.app.inject({
      method: 'POST',
      url: api('/staff/invitations'),
      headers: browser.write,
      payload: { email, name: 'New gate', lang: 'ja', roleId: gateRole.id, allSites: true, siteCodes: [] },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: api('/staff/invitations'),
      headers: browser.write,
      payload: { email, name: 'New gate', lang: 'ja', roleId: gateRole.id, allSites: true, siteCodes: [] },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ERRORS.console_staff_exists.message });

    const pending = await ctx.app.inject({
      method: 'GET',
      url: api('/staff/invitations'),
      headers: browser.read,
    });
    expect(pending.json<{ invitations: { email: string; roleName: string }[] }>().invitations).toEqual(
      expect.arrayContaining([expect.objectContaining({ email, roleName: gateRole.name })]),
    );

    const token = await linkTokenMailedTo(email, 'staff_invitation', 'acceptUrl');
    const preview = await ctx.app.inject({ method: 'GET', url: api(`/invitations/${token}`) });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ email, roleName: gateRole.name, existingAccount: false });

    const accept = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: api(`/invitations/${token}`),
        headers: { origin: TEST_CONSOLE_ORIGIN },
        payload: { password },
        remoteAddress: staffAddress(),
      });
    const weak = await accept('password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: ERRORS.console_password_rules.message });
    const accepted = await accept(NEW_PASSWORD);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const gate = consoleBrowser(
      sessionCookieFrom(accepted),
      accepted.json<{ csrfToken: string }>().csrfToken,
    );
    const session = await ctx.app.inject({ method: 'GET', url: api('/session'), headers: gate.read });
    expect(session.json()).toMatchObject({ staff: { email }, role: { template: 'gate' } });
    expect((await ctx.app.inject({ method: 'GET', url: api('/staff'), headers: gate.read })).statusCode).toBe(
      404,
    );

    const twice = await accept(NEW_PASSWORD);
    expect(twice.statusCode).toBe(410);
    expect(twice.json()).toEqual({ error: ERRORS.console_link_expired.message });
  });

  it('cannot make an owner when an administrator invites', async () => {
    const admin = await createTestStaff(ctx.db, {
      organisation: 'admin-org',
      template: 'administrator',
      totp: true,
    });
    const browser = await consoleSignIn(ctx.app, admin);
    const ownerRole = await templateRole(ctx.db, admin.organisationId, 'owner');
    const invited = await ctx.app.inject({
      method: 'POST',
      url: api('/staff/invitations'),
      headers: browser.write,
      payload: {
        email: `would-be-owner-${process.pid}@staff.kippu.test`,
        name: 'Would-be owner',
        lang: 'en',
        roleId: ownerRole.id,
        allSites: true,
        siteCodes: [],
      },
    });
    expect(invited.statusCode).toBe(404);
  });

  it('answers an unknown token as an expired link', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: api(`/invitations/${'x'.repeat(43)}`) });
    expect(answer.statusCode).toBe(410);
  });
});

describe('a password reset', () => {
  it('answers the same for any address, then sets a new password once and ends the old sessions', async () => {
    const staff = await createTestStaff(ctx.db, { organisation: 'reset-org', template: 'planner' });
    const oldSession = await consoleSignIn(ctx.app, staff);
    const ask = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: api('/password-resets'),
        headers: { origin: TEST_CONSOLE_ORIGIN },
        payload: { email },
        remoteAddress: staffAddress(),
      });
    const known = await ask(staff.email);
    const unknown = await ask('nobody-at-all@staff.kippu.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);

    const token = await linkTokenMailedTo(staff.email, 'staff_password_reset', 'resetUrl');
    const reset = (password: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: api(`/password-resets/${token}`),
        headers: { origin: TEST_CONSOLE_ORIGIN },
        payload: { password },
      });
    expect((await reset('short')).statusCode).toBe(400);
    const done = await reset(NEW_PASSWORD);
    expect(done.statusCode, done.body).toBe(200);
    expect((await reset(NEW_PASSWORD)).statusCode).toBe(410);

    const old = await ctx.app.inject({ method: 'GET', url: api('/session'), headers: oldSession.read });
    expect(old.statusCode).toBe(401);
    await consoleSignIn(ctx.app, { ...staff, password: NEW_PASSWORD });
  });
});

describe('changing one’s own password', () => {
  it('needs the current one, ends every other session and goes on in a new one', async () => {
    const staff = await createTestStaff(ctx.db, { organisation: 'change-org', template: 'planner' });
    const elsewhere = await consoleSignIn(ctx.app, staff);
    const here = await consoleSignIn(ctx.app, staff);
    const change = (currentPassword: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: api('/me/password'),
        headers: here.write,
        payload: { currentPassword, newPassword: NEW_PASSWORD },
        remoteAddress: staffAddress(),
      });
    const wrong = await change('not the current password');
    expect(wrong.statusCode).toBe(401);
    const changed = await change(staff.password);
    expect(changed.statusCode, changed.body).toBe(200);
    const next = consoleBrowser(sessionCookieFrom(changed), changed.json<{ csrfToken: string }>().csrfToken);
    expect(next.cookie).not.toBe(here.cookie);
    for (const old of [elsewhere, here]) {
      expect(
        (await ctx.app.inject({ method: 'GET', url: api('/session'), headers: old.read })).statusCode,
      ).toBe(401);
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: api('/session'), headers: next.read })).statusCode,
    ).toBe(200);
  });
});
