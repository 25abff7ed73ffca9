import { beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_TOKEN_PERMISSIONS } from '@kippu/contract/console/api-tokens-schemas';
import { partnerDetailSchema, partnerListSchema } from '@kippu/contract/console/partners-schemas';
import { setupTestApp } from '../../../../test/helper.ts';
import { productWithSlot } from '../../../../test/order-support.ts';
import {
  signedIn,
  twoOrganisations,
  type ConsoleAs,
  type Organisations,
} from '../operations/operations-test-support.ts';

/** The console's partners (issue 30, ADR 088): net prices per ticket type, never ¥0, one organisation's own. */
const ctx = setupTestApp();
let orgs: Organisations;
let owner: ConsoleAs;
let adult: number;
let child: number;
let okinawaType: number;

const partnerBody = (patch: Record<string, unknown> = {}) => ({
  name: 'Sakura Travel',
  contact_name: 'Aiko Tanaka',
  contact_email: 'aiko@sakura-travel.example',
  mails_customers: false,
  net_prices: [
    { ticket_type_id: adult, net_price_yen: 1600 },
    { ticket_type_id: child, net_price_yen: 800 },
  ],
  ...patch,
});

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'partners');
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
  const product = await productWithSlot(ctx.db, 10, { prices: [2000, 1000] });
  [adult, child] = product.optionValueIds as [number, number];
  const { rows } = await ctx.db.$client.query(
    `SELECT ov.id FROM option_values ov JOIN products p ON p.id = ov.product_id WHERE p.site_code = 'OKINAWA'
     LIMIT 1`,
  );
  okinawaType = Number(rows[0].id);
});

describe('console partners', () => {
  it('creates, reads and updates a partner with its net prices; every write audited', async () => {
    const created = await owner.post('/partners', partnerBody());
    expect(created.statusCode, created.body).toBe(200);
    const detail = partnerDetailSchema.parse(created.json());
    expect(detail.partner).toMatchObject({ name: 'Sakura Travel', active: true, mails_customers: false });
    expect(
      detail.partner.net_prices.map((p) => [p.ticket_type_id, p.net_price_yen, p.list_price_yen]),
    ).toEqual([
      [adult, 1600, 2000],
      [child, 800, 1000],
    ]);
    expect(detail.tokens).toEqual([]);
    expect(detail.ticket_types.map((t) => t.ticket_type_id)).toEqual(expect.arrayContaining([adult, child]));
    // The editor's choices are the organisation's only.
    expect(detail.ticket_types.map((t) => t.site_code)).not.toContain('OKINAWA');
    const id = detail.partner.id;

    const updated = await owner.put(`/partners/${id}`, {
      ...partnerBody({ name: 'Sakura Travel Co.', mails_customers: true }),
      net_prices: [{ ticket_type_id: adult, net_price_yen: 1500 }],
      expected_updated_at: detail.partner.updated_at,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = partnerDetailSchema.parse(updated.json()).partner;
    expect(after).toMatchObject({ name: 'Sakura Travel Co.', mails_customers: true });
    expect(after.net_prices.map((p) => [p.ticket_type_id, p.net_price_yen])).toEqual([[adult, 1500]]);

    // A stale edit is refused.
    const stale = await owner.put(`/partners/${id}`, {
      ...partnerBody(),
      expected_updated_at: detail.partner.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: 'console edit conflict' });

    const list = partnerListSchema.parse((await owner.get('/partners')).json());
    expect(list.partners.map((p) => p.name)).toContain('Sakura Travel Co.');

    const { rows } = await ctx.db.$client.query(
      `SELECT action, before, after FROM audit_events WHERE object_type = 'partner' AND object_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1].before.net_prices).toEqual([
      { ticket_type_id: adult, net_price_yen: 1600 },
      { ticket_type_id: child, net_price_yen: 800 },
    ]);
    expect(rows[1].after.net_prices).toEqual([{ ticket_type_id: adult, net_price_yen: 1500 }]);
  });

  it('refuses a net price of ¥0, a ticket type of another organisation, and a name taken', async () => {
    const zero = await owner.post(
      '/partners',
      partnerBody({ name: 'Zero Tours', net_prices: [{ ticket_type_id: adult, net_price_yen: 0 }] }),
    );
    expect(zero.statusCode).toBe(400);
    const foreign = await owner.post(
      '/partners',
      partnerBody({
        name: 'Foreign Tours',
        net_prices: [{ ticket_type_id: okinawaType, net_price_yen: 500 }],
      }),
    );
    expect(foreign.statusCode).toBe(404);
    expect((await owner.post('/partners', partnerBody({ name: 'Twin Tours' }))).statusCode).toBe(200);
    const twin = await owner.post('/partners', partnerBody({ name: 'Twin Tours' }));
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ error: 'console code taken' });
    // Nothing of the refused ones was kept.
    const { rows } = await ctx.db.$client.query(
      `SELECT count(*)::int AS n FROM partners WHERE name IN ('Zero Tours', 'Foreign Tours')`,
    );
    expect(rows[0].n).toBe(0);
  });

  it("another organisation's partner answers 404; readers without integrations get 404", async () => {
    const mine = partnerDetailSchema.parse(
      (await owner.post('/partners', partnerBody({ name: 'Mine' }))).json(),
    );
    const stranger = await signedIn(ctx.app, ctx.db, orgs.b, 'owner', 'all');
    expect((await stranger.get(`/partners/${mine.partner.id}`)).json()).toEqual({
      error: 'record not found',
    });
    const put = await stranger.put(`/partners/${mine.partner.id}`, {
      ...partnerBody({ name: 'Hijacked', net_prices: [] }),
      expected_updated_at: mine.partner.updated_at,
    });
    expect(put.statusCode).toBe(404);
    expect(partnerListSchema.parse((await stranger.get('/partners')).json()).partners).toEqual([]);
    const finance = await signedIn(ctx.app, ctx.db, orgs.a, 'finance', 'all');
    expect((await finance.get('/partners')).statusCode).toBe(404);
  });

  it("lists the partner's tokens on its page", async () => {
    const partner = partnerDetailSchema.parse(
      (await owner.post('/partners', partnerBody({ name: 'Token Tours' }))).json(),
    ).partner;
    const made = await owner.post('/api-tokens', {
      name: 'Token Tours live',
      partner_id: partner.id,
      permissions: PARTNER_TOKEN_PERMISSIONS,
      site_codes: ['DEMO'],
      expires_in_days: 365,
    });
    expect(made.statusCode, made.body).toBe(200);
    const detail = partnerDetailSchema.parse((await owner.get(`/partners/${partner.id}`)).json());
    expect(detail.tokens).toEqual([
      expect.objectContaining({
        name: 'Token Tours live',
        partner_id: partner.id,
        partner_name: 'Token Tours',
      }),
    ]);
    // A member of other sites sees the partner but not its DEMO token (the API tokens list's rule, ADR 088).
    const artizonOnly = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', ['ARTIZON']);
    const seen = partnerDetailSchema.parse((await artizonOnly.get(`/partners/${partner.id}`)).json());
    expect(seen.partner.id).toBe(partner.id);
    expect(seen.tokens).toEqual([]);
  });
});
