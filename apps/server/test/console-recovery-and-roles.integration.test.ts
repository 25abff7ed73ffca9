import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONSOLE_API_PATH, ERRORS, ROLE_TEMPLATES } from '@kippu/contract';
import { templateRole } from '../src/domain/staff/roles.ts';
import { setupTestApp } from './helper.ts';
import {
  consoleBrowser,
  sessionCookieFrom,
  signedInAs,
  staffAddress,
  TEST_CONSOLE_ORIGIN,
  type ConsoleBrowser,
  type TestStaff,
} from './console-sign-in.ts';

/**
 * Issue 27 fix: a member renews their recovery codes (POST /me/recovery-codes) and an owner deletes a custom
 * role (DELETE /roles/:id), both behind a fresh password.
 */
const ctx = setupTestApp();
const api = (path: string) => `${CONSOLE_API_PATH}${path}`;
const errorOf = (response: { json: () => unknown }) => (response.json() as { error: string }).error;

async function send(browser: ConsoleBrowser, method: 'POST' | 'DELETE', path: string, payload?: object) {
  return ctx.app.inject({ method, url: api(path), headers: browser.write, ...(payload ? { payload } : {}) });
}

/** Makes the member's sessions older than the re-authentication window (sign-in no longer counts). */
async function ageSessions(staffId: number): Promise<void> {
  await ctx.db.execute(sql`
    UPDATE staff_sessions SET created_at = now() - interval '10 minutes', reauthenticated_at = NULL
    WHERE staff_id = ${staffId}`);
}

/** Signs in with the password, then answers the second factor with `code`: the status of that answer. */
async function signInWithCode(staff: TestStaff, code: string): Promise<number> {
  const remoteAddress = staffAddress();
  const signIn = await ctx.app.inject({
    method: 'POST',
    url: api('/session'),
    headers: { origin: TEST_CONSOLE_ORIGIN },
    payload: { email: staff.email, password: staff.password },
    remoteAddress,
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const browser = consoleBrowser(sessionCookieFrom(signIn), signIn.json<{ csrfToken: string }>().csrfToken);
  const answer = await ctx.app.inject({
    method: 'POST',
    url: api('/session/second-factor'),
    headers: browser.write,
    payload: { code },
    remoteAddress,
  });
  return answer.statusCode;
}

async function sessionAnswer(browser: ConsoleBrowser) {
  const response = await ctx.app.inject({ method: 'GET', url: api('/session'), headers: browser.read });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ recoveryCodesLeft: number | null }>();
}

describe('POST /me/recovery-codes', () => {
  it('replaces the codes: the old stop working, a new one works once, and it is audited', async () => {
    const { staff, browser } = await signedInAs(ctx.app, ctx.db, { template: 'gate', totp: true });
    expect((await sessionAnswer(browser)).recoveryCodesLeft).toBe(0);

    const first = await send(browser, 'POST', '/me/recovery-codes');
    expect(first.statusCode, first.body).toBe(200);
    const old = first.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(old).toHaveLength(10);
    const second = await send(browser, 'POST', '/me/recovery-codes');
    expect(second.statusCode, second.body).toBe(200);
    const renewed = second.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(renewed).toHaveLength(10);
    expect(renewed.some((code) => old.includes(code))).toBe(false);
    expect((await sessionAnswer(browser)).recoveryCodesLeft).toBe(10);

    expect(await signInWithCode(staff, old[0]!)).toBe(401);
    expect(await signInWithCode(staff, renewed[0]!)).toBe(200);
    expect(await signInWithCode(staff, renewed[0]!)).toBe(401);
    expect((await sessionAnswer(browser)).recoveryCodesLeft).toBe(9);

    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM audit_events
      WHERE action = 'recovery_codes_replaced' AND object_id = ${String(staff.staffId)}`);
    expect(rows[0]?.n).toBe(2);
  });

  it('asks for the password again once the sign-in is no longer fresh', async () => {
    const { staff, browser } = await signedInAs(ctx.app, ctx.db, { template: 'gate', totp: true });
    await ageSessions(staff.staffId);
    const stale = await send(browser, 'POST', '/me/recovery-codes');
    expect(stale.statusCode).toBe(401);
    expect(errorOf(stale)).toBe(ERRORS.console_reauthentication_required.message);
    const again = await send(browser, 'POST', '/session/reauthenticate', { password: staff.password });
    expect(again.statusCode, again.body).toBe(200);
    expect((await send(browser, 'POST', '/me/recovery-codes')).statusCode).toBe(200);
  });

  it('refuses a member with no second factor, and the session says null codes left', async () => {
    const { browser } = await signedInAs(ctx.app, ctx.db, { template: 'gate' });
    expect((await sessionAnswer(browser)).recoveryCodesLeft).toBeNull();
    const refused = await send(browser, 'POST', '/me/recovery-codes');
    expect(refused.statusCode).toBe(400);
  });
});

async function customRole(organisationId: number, name: string): Promise<number> {
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    INSERT INTO staff_roles (organisation_id, name, permissions, limits, require_second_factor)
    VALUES (${organisationId}, ${name}, ${JSON.stringify(ROLE_TEMPLATES.gate.permissions)}::jsonb, '{}'::jsonb,
      false)
    RETURNING id`);
  return Number(rows[0]!.id);
}

let roles = 0;
const roleName = () => `Custom ${(roles += 1)}-${process.pid}`;

describe('DELETE /roles/:id', () => {
  it('deletes an unused custom role, audited, and refuses a role in use and a template role', async () => {
    const { staff, browser } = await signedInAs(ctx.app, ctx.db, {
      organisation: 'roles-delete',
      template: 'owner',
      totp: true,
    });
    const unused = await customRole(staff.organisationId, roleName());
    const deleted = await send(browser, 'DELETE', `/roles/${unused}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const { rows: left } = await ctx.db.execute(sql`SELECT 1 FROM staff_roles WHERE id = ${unused}`);
    expect(left).toHaveLength(0);
    const { rows: audited } = await ctx.db.execute(sql`
      SELECT 1 FROM audit_events WHERE action = 'role_deleted' AND object_id = ${String(unused)}`);
    expect(audited).toHaveLength(1);
    expect((await send(browser, 'DELETE', `/roles/${unused}`)).statusCode).toBe(404);

    const held = await customRole(staff.organisationId, roleName());
    const { staff: member } = await signedInAs(ctx.app, ctx.db, {
      organisation: 'roles-delete',
      template: 'gate',
    });
    await ctx.db.execute(sql`UPDATE staff_memberships SET role_id = ${held} WHERE staff_id = ${member.staffId}`);
    const inUse = await send(browser, 'DELETE', `/roles/${held}`);
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json()).toEqual({
      error: ERRORS.invalid_request.message,
      issues: [{ path: 'id', message: 'the role is in use' }],
    });

    const template = await templateRole(ctx.db, staff.organisationId, 'planner');
    const kept = await send(browser, 'DELETE', `/roles/${template.id}`);
    expect(kept.statusCode).toBe(400);
    expect(kept.json()).toEqual({
      error: ERRORS.invalid_request.message,
      issues: [{ path: 'id', message: 'template roles stay' }],
    });
    const { rows: still } = await ctx.db.execute(
      sql`SELECT 1 FROM staff_roles WHERE id IN (${held}, ${template.id})`,
    );
    expect(still).toHaveLength(2);
  });

  it("answers 404 for another organisation's role and for an administrator, and asks a fresh password", async () => {
    const { staff: other } = await signedInAs(ctx.app, ctx.db, {
      organisation: 'roles-elsewhere',
      template: 'owner',
      totp: true,
    });
    const elsewhere = await customRole(other.organisationId, roleName());
    const { staff, browser } = await signedInAs(ctx.app, ctx.db, {
      organisation: 'roles-delete-2',
      template: 'owner',
      totp: true,
    });
    expect((await send(browser, 'DELETE', `/roles/${elsewhere}`)).statusCode).toBe(404);

    const own = await customRole(staff.organisationId, roleName());
    const { browser: administrator } = await signedInAs(ctx.app, ctx.db, {
      organisation: 'roles-delete-2',
      template: 'administrator',
      totp: true,
    });
    expect((await send(administrator, 'DELETE', `/roles/${own}`)).statusCode).toBe(404);

    await ageSessions(staff.staffId);
    const stale = await send(browser, 'DELETE', `/roles/${own}`);
    expect(errorOf(stale)).toBe(ERRORS.console_reauthentication_required.message);
    const { rows } = await ctx.db.execute(sql`SELECT 1 FROM staff_roles WHERE id IN (${elsewhere}, ${own})`);
    expect(rows).toHaveLength(2);
  });
});
