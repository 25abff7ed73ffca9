import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONSOLE_API_PATH, ERRORS, ROLE_TEMPLATES } from '@kippu/contract';
import { acceptInvitation, inviteStaff } from '../src/domain/staff/invitations.ts';
import { templateRole } from '../src/domain/staff/roles.ts';
import { ensureOrganisation } from '../src/domain/staff/organisations.ts';
import { setupTestApp } from './helper.ts';
import {
  consoleSignIn,
  createTestStaff,
  signedInAs,
  staffAddress,
  type ConsoleBrowser,
} from './console-sign-in.ts';

/**
 * Issue 27 review: nobody hands out more than they have. A member's sites bound the sites they give, an
 * administrator cannot make an owner under another role name, nobody changes their own role or sites; two
 * invitations of one new address accepted at once; a member held at enrolment can re-authenticate.
 */
const ctx = setupTestApp();
const api = (path: string) => `${CONSOLE_API_PATH}${path}`;
const errorOf = (response: { json: () => unknown }) => (response.json() as { error: string }).error;
const DEMO_ORG = 'kippu-demo';

async function send(
  browser: ConsoleBrowser,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
) {
  return ctx.app.inject({ method, url: api(path), headers: browser.write, ...(payload ? { payload } : {}) });
}

let invited = 0;
const invitation = (roleId: number, scope: { allSites: boolean; siteCodes: string[] }) => ({
  email: `scope-${(invited += 1)}-${process.pid}@example.test`,
  name: 'Invited member',
  lang: 'en',
  roleId,
  ...scope,
});

describe('a one-site administrator', () => {
  it('gives only their own site, never all sites or another, and cannot change their own role or sites', async () => {
    const { staff, browser } = await signedInAs(ctx.app, ctx.db, {
      organisation: DEMO_ORG,
      template: 'administrator',
      sites: ['DEMO'],
      totp: true,
    });
    const gate = await templateRole(ctx.db, staff.organisationId, 'gate');
    const allSites = await send(
      browser,
      'POST',
      '/staff/invitations',
      invitation(gate.id, { allSites: true, siteCodes: [] }),
    );
    expect(allSites.statusCode).toBe(404);
    const other = await send(
      browser,
      'POST',
      '/staff/invitations',
      invitation(gate.id, { allSites: false, siteCodes: ['BORDERLESS'] }),
    );
    expect(other.statusCode).toBe(404);
    expect(errorOf(other)).toBe(ERRORS.record_not_found.message);
    const own = await send(
      browser,
      'POST',
      '/staff/invitations',
      invitation(gate.id, { allSites: false, siteCodes: ['DEMO'] }),
    );
    expect(own.statusCode, own.body).toBe(200);

    const member = await createTestStaff(ctx.db, {
      organisation: DEMO_ORG,
      template: 'gate',
      sites: ['DEMO'],
    });
    const widen = await send(browser, 'PUT', `/staff/${member.staffId}/membership`, {
      roleId: gate.id,
      allSites: false,
      siteCodes: ['DEMO', 'BORDERLESS'],
    });
    expect(widen.statusCode).toBe(404);
    const narrowed = await send(browser, 'PUT', `/staff/${member.staffId}/membership`, {
      roleId: gate.id,
      allSites: false,
      siteCodes: ['DEMO'],
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    // A member of a site the administrator does not cover is out of reach.
    const elsewhere = await createTestStaff(ctx.db, {
      organisation: DEMO_ORG,
      template: 'gate',
      sites: ['BORDERLESS'],
    });
    const moved = await send(browser, 'PUT', `/staff/${elsewhere.staffId}/membership`, {
      roleId: gate.id,
      allSites: false,
      siteCodes: ['DEMO'],
    });
    expect(moved.statusCode).toBe(404);

    const selfWiden = await send(browser, 'PUT', `/staff/${staff.staffId}/membership`, {
      roleId: staff.roleId,
      allSites: true,
      siteCodes: [],
    });
    expect(selfWiden.statusCode).toBe(404);
    const planner = await templateRole(ctx.db, staff.organisationId, 'planner');
    const selfRole = await send(browser, 'PUT', `/staff/${staff.staffId}/membership`, {
      roleId: planner.id,
      allSites: false,
      siteCodes: ['DEMO'],
    });
    expect(selfRole.statusCode).toBe(400);
    const { rows } = await ctx.db.execute<{ role_id: string; all_sites: boolean; site_codes: string[] }>(sql`
      SELECT role_id, all_sites, site_codes FROM staff_memberships WHERE staff_id = ${staff.staffId}`);
    expect({ ...rows[0], role_id: Number(rows[0]?.role_id) }).toEqual({
      role_id: staff.roleId,
      all_sites: false,
      site_codes: ['DEMO'],
    });
  });
});

describe('an administrator and owner-like custom roles', () => {
  it('cannot give, touch or remove an owner by another name, nor a role above their own', async () => {
    const owner = await signedInAs(ctx.app, ctx.db, {
      organisation: 'scope-org',
      template: 'owner',
      totp: true,
    });
    const admin = await signedInAs(ctx.app, ctx.db, {
      organisation: 'scope-org',
      template: 'administrator',
      totp: true,
    });
    const deputy = await send(owner.browser, 'POST', '/roles', {
      name: 'Deputy',
      permissions: ROLE_TEMPLATES.owner.permissions,
      limits: {},
      requireSecondFactor: true,
    });
    expect(deputy.statusCode, deputy.body).toBe(200);
    const deputyId = deputy.json<{ role: { id: number } }>().role.id;
    const above = await send(owner.browser, 'POST', '/roles', {
      name: 'Integrator',
      permissions: { ...ROLE_TEMPLATES.gate.permissions, integrations: 'write' },
      limits: {},
      requireSecondFactor: false,
    });
    const aboveId = above.json<{ role: { id: number } }>().role.id;
    const helper = await send(owner.browser, 'POST', '/roles', {
      name: 'Staff helper',
      permissions: ROLE_TEMPLATES.administrator.permissions,
      limits: { staffNotOwners: true },
      requireSecondFactor: true,
    });
    const helperId = helper.json<{ role: { id: number } }>().role.id;
    const scope = { allSites: true, siteCodes: [] };

    expect(
      (await send(admin.browser, 'POST', '/staff/invitations', invitation(deputyId, scope))).statusCode,
    ).toBe(404);
    expect(
      (await send(admin.browser, 'POST', '/staff/invitations', invitation(aboveId, scope))).statusCode,
    ).toBe(404);
    const allowed = await send(admin.browser, 'POST', '/staff/invitations', invitation(helperId, scope));
    expect(allowed.statusCode, allowed.body).toBe(200);

    const gate = await createTestStaff(ctx.db, { organisation: 'scope-org', template: 'gate' });
    const promote = await send(admin.browser, 'PUT', `/staff/${gate.staffId}/membership`, {
      roleId: deputyId,
      ...scope,
    });
    expect(promote.statusCode).toBe(404);

    // A member holding the owner-like custom role is out of an administrator's reach.
    const deputyMember = await createTestStaff(ctx.db, { organisation: 'scope-org', template: 'gate' });
    await ctx.db.execute(
      sql`UPDATE staff_memberships SET role_id = ${deputyId} WHERE staff_id = ${deputyMember.staffId}`,
    );
    expect((await send(admin.browser, 'DELETE', `/staff/${deputyMember.staffId}`)).statusCode).toBe(404);
    const reset = await send(admin.browser, 'DELETE', `/staff/${deputyMember.staffId}/second-factor`);
    expect(reset.statusCode).toBe(404);
    const demote = await send(admin.browser, 'PUT', `/staff/${deputyMember.staffId}/membership`, {
      roleId: gate.roleId,
      ...scope,
    });
    expect(demote.statusCode).toBe(404);
    const owners = await ctx.db.execute<{ role_id: string }>(
      sql`SELECT role_id FROM staff_memberships WHERE staff_id = ${deputyMember.staffId}`,
    );
    expect(Number(owners.rows[0]?.role_id)).toBe(deputyId);
  });

  it('keeps an owner when the only owners hold a custom role that would lose staff write', async () => {
    const owner = await signedInAs(ctx.app, ctx.db, {
      organisation: 'custom-owner-org',
      template: 'owner',
      totp: true,
    });
    const deputy = await send(owner.browser, 'POST', '/roles', {
      name: 'Deputy',
      permissions: ROLE_TEMPLATES.owner.permissions,
      limits: {},
      requireSecondFactor: true,
    });
    const deputyId = deputy.json<{ role: { id: number } }>().role.id;
    // The template owner leaves the owner role by the database: the custom role holds the only owner.
    await ctx.db.execute(
      sql`UPDATE staff_memberships SET role_id = ${deputyId} WHERE staff_id = ${owner.staff.staffId}`,
    );
    const weakened = await send(owner.browser, 'PUT', `/roles/${deputyId}`, {
      name: 'Deputy',
      permissions: { ...ROLE_TEMPLATES.owner.permissions, staff: 'read' },
      limits: {},
      requireSecondFactor: true,
    });
    expect(weakened.statusCode).toBe(400);
  });
});

describe('a member held at enrolment', () => {
  it('re-authenticates once the fresh sign-in has passed, then enrols', async () => {
    const member = await createTestStaff(ctx.db, { organisation: 'enrol-org', template: 'administrator' });
    const browser = await consoleSignIn(ctx.app, member);
    await ctx.db.execute(sql`
      UPDATE staff_sessions SET created_at = now() - interval '10 minutes' WHERE staff_id = ${member.staffId}`);
    const stale = await send(browser, 'POST', '/me/totp');
    expect(stale.statusCode).toBe(401);
    expect(errorOf(stale)).toBe(ERRORS.console_reauthentication_required.message);
    const again = await send(browser, 'POST', '/session/reauthenticate', { password: member.password });
    expect(again.statusCode, again.body).toBe(200);
    const started = await send(browser, 'POST', '/me/totp');
    expect(started.statusCode, started.body).toBe(200);
  });
});

describe('two invitations of one new address accepted at once', () => {
  const env = {
    CONSOLE_ORIGIN: 'https://console.example',
    PUBLIC_URL: 'https://tickets.example',
    PORT: 3000,
  };
  const client = () => ({ address: staffAddress(), userAgent: 'test' });

  async function invitePair(email: string) {
    const tokens: string[] = [];
    for (const code of ['race-org-a', 'race-org-b']) {
      const { organisation } = await ensureOrganisation(ctx.db, { code, name: code });
      const gate = await templateRole(ctx.db, organisation.id, 'gate');
      const made = await inviteStaff(ctx.db, env, {
        organisationId: organisation.id,
        email,
        name: 'Racer',
        lang: 'en',
        roleId: gate.id,
        sites: [],
        invitedBy: { actor: { kind: 'system' }, staffId: null, name: 'Test', limits: {} },
      });
      tokens.push(made.token);
    }
    return tokens;
  }

  it('with one password: one account, both memberships, no 500', async () => {
    const email = `race-same-${process.pid}@example.test`;
    const tokens = await invitePair(email);
    const password = 'one password for both invitations';
    const results = await Promise.all(
      tokens.map((token) => acceptInvitation(ctx.db, { token, password, client: client() })),
    );
    expect(results[0]!.staffId).toBe(results[1]!.staffId);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM staff_memberships WHERE staff_id = ${results[0]!.staffId}`,
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('with two passwords: the later one must be the account’s, never silently dropped', async () => {
    const email = `race-two-${process.pid}@example.test`;
    const tokens = await invitePair(email);
    const results = await Promise.allSettled([
      acceptInvitation(ctx.db, {
        token: tokens[0]!,
        password: 'first chosen password 2026',
        client: client(),
      }),
      acceptInvitation(ctx.db, {
        token: tokens[1]!,
        password: 'second chosen password 2026',
        client: client(),
      }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'console_sign_in_failed' });
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM staff WHERE email = ${email} AND deleted_at IS NULL`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe('a template role in an invitation', () => {
  it('is named in the invitee’s language in the mail, and by its template key in the preview', async () => {
    const { staff, browser } = await signedInAs(ctx.app, ctx.db, {
      organisation: DEMO_ORG,
      template: 'owner',
      totp: true,
    });
    const gate = await templateRole(ctx.db, staff.organisationId, 'gate');
    const body = { ...invitation(gate.id, { allSites: false, siteCodes: ['DEMO'] }), lang: 'ja' };
    const invited = await send(browser, 'POST', '/staff/invitations', body);
    expect(invited.statusCode, invited.body).toBe(200);
    const { rows } = await ctx.db.execute<{ payload: { roleName: string; acceptUrl: string } }>(sql`
      SELECT payload FROM mail_outbox WHERE to_address = ${body.email} AND kind = 'staff_invitation'`);
    expect(rows[0]!.payload.roleName).toBe('ゲート');
    const token = rows[0]!.payload.acceptUrl.split('/').pop()!;
    const preview = await ctx.app.inject({ method: 'GET', url: api(`/invitations/${token}`) });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ roleTemplate: 'gate' });
  });
});
