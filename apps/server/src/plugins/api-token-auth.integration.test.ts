import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditEventsResponseSchema } from '@kippu/contract/console/audit-schemas';
import {
  API_TOKEN_REQUESTS_PER_MINUTE,
  createdApiTokenSchema,
  PARTNER_TOKEN_PERMISSIONS,
} from '@kippu/contract/console/api-tokens-schemas';
import type { AnyEndpoint } from '@kippu/contract';
import { setupTestApp } from '../../test/helper.ts';
import {
  signedIn,
  twoOrganisations,
  type ConsoleAs,
  type Organisations,
} from '../features/console/operations/operations-test-support.ts';
import type { App } from '../app.ts';
import { PAYMENT_FAMILIES } from '../payments/families.ts';
import { defineGatewayFamily } from '../payments/gateway-family.ts';
import { apiTokenActor, apiTokenOf, registerApiTokenEndpoint } from './api-token-auth.ts';

/**
 * Token-authenticated routes (issue 30, ADR 088), on two routes a test family registers with the helper the
 * partner API uses: 401 for a bad token, 404 outside its scope, a rate limit every process shares, the last
 * use recorded (at most once a minute) and every call audited with the token as the actor.
 */
const siteThings = {
  name: 'tokenTestSiteThings',
  method: 'GET',
  path: '/token-test/sites/:site/things',
  mount: 'root',
  params: z.object({ site: z.string() }),
  responses: { 200: z.object({ site: z.string(), token_id: z.number(), actor: z.string() }) },
} as unknown as AnyEndpoint;
const partnerOnly = {
  name: 'tokenTestPartnerOnly',
  method: 'POST',
  path: '/token-test/partner-only',
  mount: 'root',
  responses: { 200: z.object({ partner_id: z.number().nullable() }) },
} as unknown as AnyEndpoint;

const tokenTestFamily = defineGatewayFamily({
  name: 'token-test',
  methods: [],
  createProviders: () => ({}),
  async routes(app: FastifyInstance) {
    registerApiTokenEndpoint(app, siteThings, { area: 'orders', level: 'read' }, async (request) => ({
      site: (request.params as { site: string }).site,
      token_id: apiTokenOf(request).tokenId,
      actor: apiTokenActor(request).label ?? '',
    }));
    registerApiTokenEndpoint(
      app,
      partnerOnly,
      { area: 'orders', level: 'write', partner: true },
      async (request) => ({ partner_id: apiTokenOf(request).partnerId }),
    );
  },
});

const ctx = setupTestApp({}, { paymentFamilies: [...PAYMENT_FAMILIES, tokenTestFamily] });
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

async function newToken(patch: Record<string, unknown> = {}) {
  const res = await owner.post('/api-tokens', {
    name: 'Test engine',
    permissions: { ...NONE, orders: 'read' },
    site_codes: ['DEMO'],
    expires_in_days: 7,
    ...patch,
  });
  expect(res.statusCode, res.body).toBe(200);
  return createdApiTokenSchema.parse(res.json());
}

const call = (app: App, token: string | null, site = 'DEMO') =>
  app.inject({
    method: 'GET',
    url: `/token-test/sites/${site}/things`,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });

async function auditedCalls(tokenId: number): Promise<{ status: number; site: string | null }[]> {
  const { rows } = await ctx.db.$client.query(
    `SELECT (after ->> 'status')::int AS status, site_code AS site FROM audit_events
     WHERE actor_kind = 'token' AND actor_token_id = $1 AND action = 'api_call' ORDER BY id`,
    [tokenId],
  );
  return rows;
}

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'token-auth');
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
});

describe('API-token routes', () => {
  it('answers a valid token, with the token as the actor; audits the call; records the last use', async () => {
    const { token, record } = await newToken();
    const res = await call(ctx.app, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      site: 'DEMO',
      token_id: record.id,
      actor: `Test engine (kpt_${record.prefix})`,
    });
    expect(await auditedCalls(record.id)).toEqual([{ status: 200, site: 'DEMO' }]);
    const { rows } = await ctx.db.$client.query(`SELECT last_used_at FROM api_tokens WHERE id = $1`, [
      record.id,
    ]);
    expect(rows[0].last_used_at).not.toBeNull();
    // The audit screen names the token.
    const log = await owner.get('/audit-events?actor_kind=token');
    expect(log.statusCode, log.body).toBe(200);
    const events = auditEventsResponseSchema.parse(log.json()).events;
    expect(events.find((e) => e.object_id === String(record.id))?.actor).toMatchObject({
      kind: 'token',
      label: `Test engine (kpt_${record.prefix})`,
    });
  });

  it('writes the last use at most once a minute', async () => {
    const { token, record } = await newToken();
    const lastUse = async () =>
      (await ctx.db.$client.query(`SELECT last_used_at FROM api_tokens WHERE id = $1`, [record.id])).rows[0]
        .last_used_at as Date;
    await ctx.db.$client.query(
      `UPDATE api_tokens SET last_used_at = now() - interval '30 seconds' WHERE id = $1`,
      [record.id],
    );
    const recent = await lastUse();
    expect((await call(ctx.app, token)).statusCode).toBe(200);
    expect(await lastUse()).toEqual(recent);
    await ctx.db.$client.query(
      `UPDATE api_tokens SET last_used_at = now() - interval '2 minutes' WHERE id = $1`,
      [record.id],
    );
    const old = await lastUse();
    expect((await call(ctx.app, token)).statusCode).toBe(200);
    expect((await lastUse()).getTime()).toBeGreaterThan(old.getTime());
  });

  it('answers 401 api_token_invalid for no token, a malformed, unknown, expired or revoked one', async () => {
    const invalid = { error: 'api token invalid' };
    const { token, record } = await newToken();
    expect((await call(ctx.app, null)).json()).toEqual(invalid);
    expect((await call(ctx.app, 'not-a-token')).statusCode).toBe(401);
    // Right prefix, wrong secret.
    const forged = `${token.slice(0, 13)}${'A'.repeat(43)}`;
    const wrong = await call(ctx.app, forged);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(invalid);

    const expiring = await newToken();
    await ctx.db.$client.query(
      `UPDATE api_tokens SET created_at = now() - interval '2 days', expires_at = now() - interval '1 second'
       WHERE id = $1`,
      [expiring.record.id],
    );
    expect((await call(ctx.app, expiring.token)).json()).toEqual(invalid);

    expect((await call(ctx.app, token)).statusCode).toBe(200);
    expect((await owner.delete(`/api-tokens/${record.id}`)).statusCode).toBe(200);
    const revoked = await call(ctx.app, token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual(invalid);
    // Only the call before the revocation is the token's: a refused token is no actor.
    expect(await auditedCalls(record.id)).toEqual([{ status: 200, site: 'DEMO' }]);
  });

  it("a token of one site answers 404 for another site, another organisation's, and beyond its area", async () => {
    const { token, record } = await newToken();
    const notFound = { error: 'record not found' };
    expect((await call(ctx.app, token, 'ARTIZON')).json()).toEqual(notFound);
    expect((await call(ctx.app, token, 'OKINAWA')).json()).toEqual(notFound);
    expect((await call(ctx.app, token, 'NO_SUCH_SITE')).json()).toEqual(notFound);
    // Every site: still only the organisation's.
    const everywhere = await newToken({ site_codes: null });
    expect((await call(ctx.app, everywhere.token, 'ARTIZON')).statusCode).toBe(200);
    expect((await call(ctx.app, everywhere.token, 'OKINAWA')).json()).toEqual(notFound);
    // A token without orders read.
    const catalogueOnly = await newToken({ permissions: { ...NONE, catalogue: 'read' } });
    expect((await call(ctx.app, catalogueOnly.token)).json()).toEqual(notFound);
    // A route for partners only: an organisation token is not one.
    const partnerRoute = await ctx.app.inject({
      method: 'POST',
      url: '/token-test/partner-only',
      headers: { authorization: `Bearer ${everywhere.token}` },
    });
    expect(partnerRoute.json()).toEqual(notFound);
    // Refusals are audited too, without naming another organisation's site as the row's site.
    expect(await auditedCalls(record.id)).toEqual([
      { status: 404, site: null },
      { status: 404, site: null },
      { status: 404, site: null },
    ]);
  });

  it("a partner's token works while the partner is active", async () => {
    const { rows } = await ctx.db.$client.query(
      `INSERT INTO partners (organisation_id, name) VALUES ($1, 'Token Travel') RETURNING id`,
      [orgs.a],
    );
    const partnerId = Number(rows[0].id);
    const { token } = await newToken({ partner_id: partnerId, permissions: PARTNER_TOKEN_PERMISSIONS });
    const book = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/token-test/partner-only',
        headers: { authorization: `Bearer ${token}` },
      });
    const res = await book();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ partner_id: partnerId });
    await ctx.db.$client.query(`UPDATE partners SET active = false WHERE id = $1`, [partnerId]);
    expect((await book()).statusCode).toBe(401);
  });

  it('limits a token per minute across two app instances on one database', async () => {
    // The count's window starts with the token's first call (ADR 093): all of these share it.
    const { token, record } = await newToken();
    const other = await ctx.anotherApp();
    const half = API_TOKEN_REQUESTS_PER_MINUTE / 2;
    for (let batch = 0; batch < half; batch += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => call(i % 2 === 0 ? ctx.app : other, token)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    }
    for (let batch = 0; batch < half; batch += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => call(i % 2 === 0 ? other : ctx.app, token)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    }
    for (const app of [ctx.app, other]) {
      const limited = await call(app, token);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: 'too many requests' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another token is not limited by this one's calls.
    expect((await call(other, (await newToken()).token)).statusCode).toBe(200);
    // Every call was audited, the refused ones too.
    const calls = await auditedCalls(record.id);
    expect(calls).toHaveLength(API_TOKEN_REQUESTS_PER_MINUTE + 2);
    expect(calls.filter((c) => c.status === 429)).toHaveLength(2);
  });
});
