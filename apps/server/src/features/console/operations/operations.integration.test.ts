import { beforeAll, describe, expect, it } from 'vitest';
import { createdSpotPosterSchema, spotPosterListSchema } from '@kippu/contract/console/operations-devices';
import {
  createdVisitorInvitationSchema,
  importMembersResponseSchema,
  visitorInvitationListSchema,
} from '@kippu/contract/console/operations-members';
import { setupTestApp } from '../../../../test/helper.ts';
import { createProduct, createTimeSpan } from '../../../../test/factories.ts';
import { signedIn, twoOrganisations, type ConsoleAs, type Organisations } from './operations-test-support.ts';

const ctx = setupTestApp();
let orgs: Organisations;
let owner: ConsoleAs;

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'operations');
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
});

const notFound = { error: 'record not found' };

describe('spot posters', () => {
  it('issues a token whose poster sells, a new one ends it, a revoked one answers expired; audited', async () => {
    const product = await createProduct(ctx.db, { site: 'DEMO', channels: ['web', 'spot'] });
    await createTimeSpan(ctx.db, {
      productId: product.id,
      capacity: 10,
      startsAt: new Date(Date.now() + 3600_000),
    });
    const first = createdSpotPosterSchema.parse(
      (await owner.post('/sites/DEMO/spot-posters', { product_uuid: product.uuid, valid_days: 30 })).json(),
    );
    expect(first.poster.poster_url).toContain(`/demo/#/`);
    expect(first.poster.poster_url).toContain(first.poster.token);
    const stocks = (token: string) =>
      ctx.app.inject({ method: 'GET', url: `/demo/api/v1/spot/products/stocks?qr_token=${token}&lang=en` });
    expect((await stocks(first.poster.token)).statusCode).toBe(200);

    const second = createdSpotPosterSchema.parse(
      (await owner.post('/sites/DEMO/spot-posters', { product_uuid: product.uuid })).json(),
    );
    expect((await stocks(first.poster.token)).json()).toEqual({ error: 'spot qrCode has expired' });
    const listed = spotPosterListSchema.parse((await owner.get('/sites/DEMO/spot-posters')).json());
    const tokens = listed.products.find((p) => p.product_uuid === product.uuid)!.tokens;
    expect(tokens.map((t) => [t.id, t.valid])).toEqual([
      [second.poster.id, true],
      [first.poster.id, false],
    ]);

    const revoked = await owner.delete(`/sites/DEMO/spot-posters/${second.poster.id}`);
    expect([revoked.statusCode, revoked.json()]).toEqual([200, { revoked: true }]);
    const after = await stocks(second.poster.token);
    expect([after.statusCode, after.json()]).toEqual([410, { error: 'spot qrCode has expired' }]);
    const { rows } = await ctx.db.$client.query(
      `SELECT action FROM audit_events WHERE object_type = 'spot_poster' AND object_id = ANY($1) ORDER BY id`,
      [[String(first.poster.id), String(second.poster.id)]],
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'create', 'revoke']);
  });

  it('lists and issues posters for published products only', async () => {
    const published = await createProduct(ctx.db, { site: 'DEMO', channels: ['spot'] });
    const draft = await createProduct(ctx.db, { site: 'DEMO', channels: ['spot'] });
    const retired = await createProduct(ctx.db, { site: 'DEMO', channels: ['spot'] });
    // Issued while the product was on sale; retired, the product leaves the list with its token.
    const early = await owner.post('/sites/DEMO/spot-posters', { product_uuid: retired.uuid });
    expect(early.statusCode).toBe(200);
    await ctx.db.$client.query("UPDATE products SET status = 'draft' WHERE id = $1", [draft.id]);
    await ctx.db.$client.query("UPDATE products SET status = 'retired' WHERE id = $1", [retired.id]);
    const listed = spotPosterListSchema.parse((await owner.get('/sites/DEMO/spot-posters')).json());
    const uuids = listed.products.map((p) => p.product_uuid);
    expect(uuids).toContain(published.uuid);
    expect(uuids).not.toContain(draft.uuid);
    expect(uuids).not.toContain(retired.uuid);
    for (const closed of [draft, retired]) {
      const refused = await owner.post('/sites/DEMO/spot-posters', { product_uuid: closed.uuid });
      expect([refused.statusCode, refused.json()]).toEqual([404, notFound]);
    }
    const { rows } = await ctx.db.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM spot_qr_tokens WHERE product_id = ANY($1)',
      [[draft.id, retired.id]],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('another organisation’s site, a product of another site, marketing and gate roles: 404', async () => {
    const okinawa = await createProduct(ctx.db, { site: 'OKINAWA', channels: ['spot'] });
    expect((await owner.get('/sites/OKINAWA/spot-posters')).statusCode).toBe(404);
    const elsewhere = await owner.post('/sites/DEMO/spot-posters', { product_uuid: okinawa.uuid });
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([404, notFound]);
    const theirs = await signedIn(ctx.app, ctx.db, orgs.b, 'owner', 'all');
    const token = createdSpotPosterSchema.parse(
      (await theirs.post('/sites/OKINAWA/spot-posters', { product_uuid: okinawa.uuid })).json(),
    );
    expect((await owner.delete(`/sites/DEMO/spot-posters/${token.poster.id}`)).statusCode).toBe(404);

    const demo = await createProduct(ctx.db, { site: 'DEMO', channels: ['spot'] });
    const marketing = await signedIn(ctx.app, ctx.db, orgs.a, 'marketing', 'all');
    expect((await marketing.get('/sites/DEMO/spot-posters')).statusCode).toBe(200);
    expect((await marketing.post('/sites/DEMO/spot-posters', { product_uuid: demo.uuid })).statusCode).toBe(
      404,
    );
    const gate = await signedIn(ctx.app, ctx.db, orgs.a, 'gate', ['DEMO']);
    expect((await gate.get('/sites/DEMO/spot-posters')).statusCode).toBe(404);
  });
});

describe('member import', () => {
  const header = 'email,password,name,age\n';

  it('answers line by line; a wrong line imports nothing; then adds, keeps, and with update replaces', async () => {
    const bad = await owner.post('/sites/ARTIZON/members/import', {
      csv: `${header}ok@example.jp,long-enough,Ok\nnot-mail,long-enough,X\nshort@example.jp,short,Y\n`,
    });
    expect(bad.statusCode).toBe(200);
    const refused = importMembersResponseSchema.parse(bad.json());
    expect(refused).toMatchObject({ imported: false, file_error: null, added: 0 });
    expect(refused.lines.map((l) => [l.line, l.result])).toEqual([
      [2, 'not_imported'],
      [3, 'error'],
      [4, 'error'],
    ]);
    // Codes for the console to word, the English as before for clients that read `message`.
    expect(refused.lines.map((l) => l.problem)).toEqual([
      undefined,
      { code: 'bad_email' },
      { code: 'short_password', min_length: 8 },
    ]);
    expect(refused.lines[1]!.message).toBe('bad e-mail "not-mail"');
    expect(refused.lines[2]!.message).toBe('the password has fewer than 8 characters');
    const count = async () =>
      Number(
        (
          await ctx.db.$client.query(
            `SELECT count(*) FROM members WHERE site_code = 'ARTIZON' AND email LIKE '%@ops.example.jp'`,
          )
        ).rows[0].count,
      );
    expect(await count()).toBe(0);

    const csv = `${header}a@ops.example.jp,long-enough,A,20-29\r\n"B, Bee",long-enough,B\n`.replace(
      '"B, Bee"',
      'b@ops.example.jp',
    );
    const added = importMembersResponseSchema.parse(
      (await owner.post('/sites/ARTIZON/members/import', { csv })).json(),
    );
    expect(added).toMatchObject({ imported: true, added: 2, updated: 0, unchanged: 0 });
    expect(await count()).toBe(2);
    const again = importMembersResponseSchema.parse(
      (await owner.post('/sites/ARTIZON/members/import', { csv })).json(),
    );
    expect(again.lines.map((l) => l.result)).toEqual(['unchanged', 'unchanged']);
    const updated = importMembersResponseSchema.parse(
      (
        await owner.post('/sites/ARTIZON/members/import', { csv: csv.replace(',A,', ',Anew,'), update: true })
      ).json(),
    );
    expect(updated).toMatchObject({ added: 0, updated: 2 });
    const { rows } = await ctx.db.$client.query(
      `SELECT name FROM members WHERE site_code = 'ARTIZON' AND email = 'a@ops.example.jp'`,
    );
    expect(rows[0].name).toBe('Anew');
  });

  it('a file error, a site without membership login, and roles without settings write', async () => {
    const noHeader = importMembersResponseSchema.parse(
      (await owner.post('/sites/ARTIZON/members/import', { csv: 'email,name\nx@y.jp,X\n' })).json(),
    );
    expect(noHeader).toMatchObject({
      imported: false,
      file_error: { code: 'missing_column', column: 'password' },
    });
    // Not CSV: the line, never csv-parse's English.
    const notCsv = await owner.post('/sites/ARTIZON/members/import', {
      csv: `${header}c@ops.example.jp,"long-enough,C\n`,
    });
    expect(notCsv.json()).toEqual({
      imported: false,
      file_error: { code: 'not_csv', line: 2 },
      added: 0,
      updated: 0,
      unchanged: 0,
      lines: [],
    });
    const demo = importMembersResponseSchema.parse(
      (
        await owner.post('/sites/DEMO/members/import', { csv: `${header}c@ops.example.jp,long-enough,C\n` })
      ).json(),
    );
    expect(demo.file_error).toEqual({ code: 'membership_login_off', site: 'DEMO' });
    const boxOffice = await signedIn(ctx.app, ctx.db, orgs.a, 'boxOffice', 'all');
    expect((await boxOffice.post('/sites/ARTIZON/members/import', { csv: header })).statusCode).toBe(404);
    const theirs = await signedIn(ctx.app, ctx.db, orgs.b, 'owner', 'all');
    expect((await theirs.post('/sites/ARTIZON/members/import', { csv: header })).statusCode).toBe(404);
    // A large file is read whole (the route's own body limit), and answered line by line.
    const big = `${header}${'not-an-address,long-enough,Name\n'.repeat(45_000)}`;
    expect(big.length).toBeGreaterThan(1_400_000);
    const bigAnswer = await owner.post('/sites/ARTIZON/members/import', { csv: big });
    expect(bigAnswer.statusCode).toBe(200);
    const bigResult = importMembersResponseSchema.parse(bigAnswer.json());
    expect([bigResult.imported, bigResult.lines.length, bigResult.lines[44_999]!.line]).toEqual([
      false,
      45_000,
      45_001,
    ]);
    const empty = await owner.post('/sites/ARTIZON/members/import', { csv: '' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('visitors’ invitations (MORI)', () => {
  it('creates and sends, lists, revokes: the revoked link answers not found; audited', async () => {
    const product = await createProduct(ctx.db, { site: 'MORI', prices: [3600, 1400] });
    const spanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 100 });
    const body = {
      email: 'guest@example.com',
      lang: 'en',
      product_uuid: product.uuid,
      time_span_id: spanId,
      tickets: [{ option_value_id: product.optionValueIds[0], quantity: 2 }],
    };
    const created = createdVisitorInvitationSchema.parse(
      (await owner.post('/sites/MORI/invitations', body)).json(),
    );
    expect(created.invitation).toMatchObject({
      email: 'guest@example.com',
      state: 'sent',
      time_span_id: spanId,
    });
    const { rows: mails } = await ctx.db.$client.query(
      `SELECT kind FROM mail_outbox WHERE to_address = 'guest@example.com' AND kind = 'invitation'`,
    );
    expect(mails).toHaveLength(1);
    const listed = visitorInvitationListSchema.parse((await owner.get('/sites/MORI/invitations')).json());
    expect(listed.invitations[0]!.id).toBe(created.invitation.id);

    const token = /[?&]token=([\w-]+)/.exec(created.url)![1]!;
    const { rows: stored } = await ctx.db.$client.query('SELECT token FROM invitations WHERE id = $1', [
      created.invitation.id,
    ]);
    expect(stored[0].token).toBe(token);
    const revoked = await owner.delete(`/sites/MORI/invitations/${created.invitation.id}`);
    expect([revoked.statusCode, revoked.json()]).toEqual([200, { revoked: true }]);
    const follow = await ctx.app.inject({ method: 'GET', url: `/mori/api/v1/ordermails/${token}` });
    expect([follow.statusCode, follow.json()]).toEqual([404, notFound]);
    const after = visitorInvitationListSchema.parse((await owner.get('/sites/MORI/invitations')).json());
    expect(after.invitations[0]!.state).toBe('revoked');
    const { rows } = await ctx.db.$client.query(
      `SELECT action FROM audit_events WHERE object_type = 'visitor_invitation' AND object_id = $1 ORDER BY id`,
      [String(created.invitation.id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'revoke']);
    // The invited address is personal data in the audit log (kept apart, erasable), not a "[secret]".
    const { rows: audited } = await ctx.db.$client.query(
      `SELECT after, personal_data FROM audit_events
       WHERE object_type = 'visitor_invitation' AND object_id = $1 AND action = 'create'`,
      [String(created.invitation.id)],
    );
    expect(JSON.stringify(audited[0].after)).not.toContain('[secret]');
    expect(JSON.stringify(audited[0].after)).not.toContain('guest@example.com');
    expect(JSON.stringify(audited[0].personal_data)).toContain('guest@example.com');
  });

  it('a product of another site is 400; another organisation and roles without orders write are 404', async () => {
    const demo = await createProduct(ctx.db, { site: 'DEMO' });
    const spanId = await createTimeSpan(ctx.db, { productId: demo.id, capacity: 10 });
    const body = {
      email: 'guest@example.com',
      lang: 'en',
      product_uuid: demo.uuid,
      time_span_id: spanId,
      tickets: [{ option_value_id: demo.optionValueIds[0], quantity: 1 }],
    };
    const wrong = await owner.post('/sites/MORI/invitations', body);
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { error: 'invalid request' }]);
    const theirs = await signedIn(ctx.app, ctx.db, orgs.b, 'owner', 'all');
    expect((await theirs.get('/sites/MORI/invitations')).statusCode).toBe(404);
    const planner = await signedIn(ctx.app, ctx.db, orgs.a, 'planner', 'all');
    expect((await planner.get('/sites/MORI/invitations')).statusCode).toBe(200);
    expect((await planner.post('/sites/MORI/invitations', body)).statusCode).toBe(404);
    expect((await planner.delete('/sites/MORI/invitations/1')).statusCode).toBe(404);
  });
});

describe('token creation asks the password again', () => {
  it('a session whose password is not fresh creates no spot poster and no invitation; listing still works', async () => {
    const poster = await createProduct(ctx.db, { site: 'DEMO', channels: ['web', 'spot'] });
    const product = await createProduct(ctx.db, { site: 'MORI' });
    const spanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 10 });
    const stale = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all', { reauthenticated: false });
    const required = [401, { error: 'console reauthentication required' }];
    const spot = await stale.post('/sites/DEMO/spot-posters', { product_uuid: poster.uuid });
    expect([spot.statusCode, spot.json()]).toEqual(required);
    const invitation = await stale.post('/sites/MORI/invitations', {
      email: 'later@example.com',
      lang: 'en',
      product_uuid: product.uuid,
      time_span_id: spanId,
      tickets: [{ option_value_id: product.optionValueIds[0], quantity: 1 }],
    });
    expect([invitation.statusCode, invitation.json()]).toEqual(required);
    const { rows } = await ctx.db.$client.query(
      `SELECT count(*)::int AS n FROM invitations WHERE email = 'later@example.com'`,
    );
    expect(rows[0].n).toBe(0);
    expect((await stale.get('/sites/DEMO/spot-posters')).statusCode).toBe(200);
    expect((await stale.get('/sites/MORI/invitations')).statusCode).toBe(200);
  });
});
