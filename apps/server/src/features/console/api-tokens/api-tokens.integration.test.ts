import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_PATTERN,
  apiTokenListSchema,
  createdApiTokenSchema,
  PARTNER_TOKEN_PERMISSIONS,
} from '@kippu/contract/console/api-tokens-schemas';
import { ROLE_TEMPLATES } from '@kippu/contract';
import { setupTestApp } from '../../../../test/helper.ts';
import {
  signedIn,
  twoOrganisations,
  type ConsoleAs,
  type Organisations,
} from '../operations/operations-test-support.ts';

/** The console's API tokens (issue 30, ADR 088): shown once, stored as a digest, scoped within the creator's rights. */
const ctx = setupTestApp();
let orgs: Organisations;
let owner: ConsoleAs;

const NONE = {
  catalogue: 'none',
  schedule: 'none',
  orders: 'none',
  refunds: 'none',
  checkIn: 'none',
  reports: 'none',
  settings: 'none',
  staff: 'none',
  integrations: 'none',
} as const;
const tokenBody = (patch: Record<string, unknown> = {}) => ({
  name: 'Booking engine',
  permissions: { ...NONE, orders: 'read' },
  site_codes: ['DEMO'],
  expires_in_days: 30,
  ...patch,
});

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'api-tokens');
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
});

describe('console API tokens', () => {
  it('shows the token once; the database keeps only its SHA-256; lists and the audit log never show it', async () => {
    const res = await owner.post('/api-tokens', tokenBody());
    expect(res.statusCode, res.body).toBe(200);
    const created = createdApiTokenSchema.parse(res.json());
    expect(created.token).toMatch(API_TOKEN_PATTERN);
    expect(created.record).toMatchObject({
      name: 'Booking engine',
      state: 'active',
      site_codes: ['DEMO'],
      partner_id: null,
      last_used_at: null,
    });
    expect(created.token.slice(4, 12)).toBe(created.record.prefix);

    const { rows } = await ctx.db.$client.query(
      `SELECT t.*, t::text AS whole FROM api_tokens t WHERE id = $1`,
      [created.record.id],
    );
    expect(rows[0].token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    const secret = created.token.slice(13);
    expect(rows[0].whole).not.toContain(secret);

    const list = await owner.get('/api-tokens');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(rows[0].token_hash);
    const listed = apiTokenListSchema.parse(list.json()).tokens.find((t) => t.id === created.record.id);
    expect(listed).toMatchObject({ prefix: created.record.prefix, created_by_name: expect.any(String) });

    const { rows: audit } = await ctx.db.$client.query(
      `SELECT a::text AS whole, actor_kind, organisation_id FROM audit_events a
       WHERE object_type = 'api_token' AND object_id = $1 AND action = 'create'`,
      [String(created.record.id)],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_kind: 'staff' });
    expect(Number(audit[0].organisation_id)).toBe(orgs.a);
    expect(audit[0].whole).not.toContain(secret);
    expect(audit[0].whole).not.toContain(rows[0].token_hash);
  });

  it('asks for the password again before a token is made', async () => {
    const stale = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all', { reauthenticated: false });
    expect((await stale.post('/api-tokens', tokenBody())).statusCode).toBe(401);
    // Reading and revoking need no fresh password.
    expect((await stale.get('/api-tokens')).statusCode).toBe(200);
  });

  it('refuses a token beyond its creator: a level above theirs, a site they do not cover, every site', async () => {
    const demoOwner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', ['DEMO']);
    // The owner template writes every area: this member's role is a custom copy that reads reports only.
    const { rows: roles } = await ctx.db.$client.query(
      `INSERT INTO staff_roles (organisation_id, name, permissions, limits) VALUES ($1, 'Integrator', $2, '{}')
       RETURNING id`,
      [orgs.a, JSON.stringify({ ...ROLE_TEMPLATES.owner.permissions, reports: 'read' })],
    );
    await ctx.db.$client.query(`UPDATE staff_memberships SET role_id = $2 WHERE staff_id = $1`, [
      demoOwner.staffId,
      roles[0].id,
    ]);
    const above = await demoOwner.post(
      '/api-tokens',
      tokenBody({ permissions: { ...NONE, reports: 'write' } }),
    );
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ error: 'invalid request' });
    const otherSite = await demoOwner.post('/api-tokens', tokenBody({ site_codes: ['ARTIZON'] }));
    expect(otherSite.statusCode).toBe(400);
    const everySite = await demoOwner.post('/api-tokens', tokenBody({ site_codes: null }));
    expect(everySite.statusCode).toBe(400);
    const within = await demoOwner.post(
      '/api-tokens',
      tokenBody({ permissions: { ...NONE, reports: 'read' } }),
    );
    expect(within.statusCode, within.body).toBe(200);
    // A site of another organisation is not the creator's either.
    expect((await owner.post('/api-tokens', tokenBody({ site_codes: ['OKINAWA'] }))).statusCode).toBe(400);
    // Every site, from an owner who covers every site: allowed.
    expect((await owner.post('/api-tokens', tokenBody({ site_codes: null }))).statusCode).toBe(200);
  });

  it('revokes a token at once; another organisation neither sees nor revokes it', async () => {
    const created = createdApiTokenSchema.parse((await owner.post('/api-tokens', tokenBody())).json());
    const stranger = await signedIn(ctx.app, ctx.db, orgs.b, 'owner', 'all');
    expect((await stranger.delete(`/api-tokens/${created.record.id}`)).statusCode).toBe(404);
    expect(apiTokenListSchema.parse((await stranger.get('/api-tokens')).json()).tokens).toEqual([]);

    const revoked = await owner.delete(`/api-tokens/${created.record.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ record: { state: 'revoked', revoked_at: expect.any(String) } });
    // Again: the same answer, one audit event.
    expect((await owner.delete(`/api-tokens/${created.record.id}`)).statusCode).toBe(200);
    const { rows } = await ctx.db.$client.query(
      `SELECT count(*)::int AS n FROM audit_events WHERE object_type = 'api_token' AND object_id = $1
         AND action = 'revoke'`,
      [String(created.record.id)],
    );
    expect(rows[0].n).toBe(1);
  });

  it("lists and revokes only the tokens within the member's sites; an every-site token only for one covering every site", async () => {
    const make = async (site_codes: string[] | null) =>
      createdApiTokenSchema.parse((await owner.post('/api-tokens', tokenBody({ site_codes }))).json()).record;
    const demo = await make(['DEMO']);
    const artizon = await make(['ARTIZON']);
    const both = await make(['ARTIZON', 'DEMO']);
    const every = await make(null);
    const ids = [demo.id, artizon.id, both.id, every.id];
    const listedBy = async (as: ConsoleAs) =>
      apiTokenListSchema
        .parse((await as.get('/api-tokens')).json())
        .tokens.map((token) => token.id)
        .filter((id) => ids.includes(id))
        .sort((x, y) => x - y);

    const demoOnly = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', ['DEMO']);
    const twoSites = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', ['DEMO', 'ARTIZON']);
    expect(await listedBy(demoOnly)).toEqual([demo.id]);
    expect(await listedBy(twoSites)).toEqual([demo.id, artizon.id, both.id]);
    expect(await listedBy(owner)).toEqual([...ids].sort((x, y) => x - y));

    // Outside their sites: 404, and the token keeps working.
    for (const id of [artizon.id, both.id, every.id]) {
      const res = await demoOnly.delete(`/api-tokens/${id}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ error: 'record not found' });
    }
    expect((await twoSites.delete(`/api-tokens/${every.id}`)).statusCode).toBe(404);
    const { rows } = await ctx.db.$client.query(
      `SELECT count(*)::int AS n FROM api_tokens WHERE id = ANY($1) AND revoked_at IS NOT NULL`,
      [[artizon.id, both.id, every.id]],
    );
    expect(rows[0].n).toBe(0);

    expect((await demoOnly.delete(`/api-tokens/${demo.id}`)).statusCode).toBe(200);
    expect((await twoSites.delete(`/api-tokens/${both.id}`)).statusCode).toBe(200);
    const revokedEvery = await owner.delete(`/api-tokens/${every.id}`);
    expect(revokedEvery.statusCode, revokedEvery.body).toBe(200);
    expect(revokedEvery.json()).toMatchObject({ record: { state: 'revoked' } });
  });

  it('needs the integrations area: a gate or finance member gets 404; a partner token names an own partner', async () => {
    for (const template of ['gate', 'finance'] as const) {
      const as = await signedIn(ctx.app, ctx.db, orgs.a, template, 'all');
      expect((await as.get('/api-tokens')).statusCode).toBe(404);
      expect((await as.post('/api-tokens', tokenBody())).statusCode).toBe(404);
    }
    const { rows } = await ctx.db.$client.query(
      `INSERT INTO partners (organisation_id, name) VALUES ($1, 'Elsewhere Travel') RETURNING id`,
      [orgs.b],
    );
    const foreign = await owner.post(
      '/api-tokens',
      tokenBody({ partner_id: Number(rows[0].id), permissions: PARTNER_TOKEN_PERMISSIONS }),
    );
    expect(foreign.statusCode).toBe(404);
  });
});
