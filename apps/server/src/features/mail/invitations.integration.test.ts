import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { heldOf } from '../../../test/order-support.ts';
import {
  createInvitation,
  InvitationError,
  type InvitationRequest,
} from '../../domain/mail/create-invitation.ts';
import { sweepExpiredHolds } from '../../domain/order-expiry/sweep-expired-holds.ts';
import { parseInviteArgs, UsageError } from '../../cli/invite-args.ts';

const ctx = setupTestApp({ PUBLIC_URL: 'https://tickets.example' });
const MORI_PATH = '/mori/api/v1';

let fixture: Awaited<ReturnType<typeof createProduct>> & { spanId: number };
beforeAll(async () => {
  const product = await createProduct(ctx.db, { site: 'MORI', prices: [3600, 1400] });
  fixture = { ...product, spanId: await createTimeSpan(ctx.db, { productId: product.id, capacity: 100 }) };
});

function request(patch: Partial<InvitationRequest> = {}): InvitationRequest {
  return {
    siteCode: 'MORI',
    email: 'guest@example.com',
    lang: 'en',
    productUuid: fixture.uuid,
    timeSpanId: fixture.spanId,
    tickets: [
      { optionValueId: fixture.optionValueIds[0]!, quantity: 2 },
      { optionValueId: fixture.optionValueIds[1]!, quantity: 1 },
    ],
    ...patch,
  };
}

function follow(token: string) {
  return ctx.app.inject({ method: 'GET', url: `${MORI_PATH}/ordermails/${token}` });
}

async function orderOf(token: string) {
  const { rows } = await ctx.db.$client.query(
    'SELECT status, lang, quantity, price, customer_info, site_code FROM orders WHERE order_token = $1',
    [token],
  );
  return rows[0];
}

describe('invitations (MORI)', () => {
  it('queues the invitation mail with the link, in the invitation language, holding nothing yet', async () => {
    const invitation = await createInvitation(ctx.db, ctx.env, request({ lang: 'kr' }));
    expect(invitation.url).toBe(
      `https://tickets.example/mori/?lang=kr#/mail-confirm?token=${invitation.token}`,
    );
    const { rows } = await ctx.db.$client.query(
      'SELECT kind, to_address, lang, payload FROM mail_outbox WHERE id = $1',
      [invitation.outboxId],
    );
    expect(rows[0]).toMatchObject({ kind: 'invitation', to_address: 'guest@example.com', lang: 'kr' });
    expect(rows[0].payload).toMatchObject({
      confirmUrl: invitation.url,
      productName: 'Fixture product (kr)',
      productType: 'time',
    });
    expect(await heldOf(ctx.db, fixture.spanId)).toBe(0);
  });

  it('following the link holds the invited tickets as an order ready for payment, for the invited address', async () => {
    const invitation = await createInvitation(ctx.db, ctx.env, request());
    const heldBefore = await heldOf(ctx.db, fixture.spanId);
    const res = await follow(invitation.token);
    expect(res.statusCode).toBe(200);
    const token = res.json().order_token;
    expect(await orderOf(token)).toEqual({
      status: 'ready_checkout',
      lang: 'en',
      quantity: 3,
      price: 2 * 3600 + 1400,
      customer_info: [{ key: 'email', value: 'guest@example.com' }],
      site_code: 'MORI',
    });
    expect(await heldOf(ctx.db, fixture.spanId)).toBe(heldBefore + 3);

    // Again, and several times at once: the same order, nothing more held.
    expect((await follow(invitation.token)).json()).toEqual({ order_token: token });
    const together = await Promise.all(Array.from({ length: 5 }, () => follow(invitation.token)));
    expect(together.map((r) => r.json().order_token)).toEqual(Array(5).fill(token));
    expect(await heldOf(ctx.db, fixture.spanId)).toBe(heldBefore + 3);
  });

  it('many first clicks at once end with one order and one hold (the others give theirs back)', async () => {
    const invitation = await createInvitation(ctx.db, ctx.env, request());
    const heldBefore = await heldOf(ctx.db, fixture.spanId);
    const answers = await Promise.all(Array.from({ length: 6 }, () => follow(invitation.token)));
    const tokens = new Set(answers.map((r) => r.json().order_token));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(tokens.size).toBe(1);
    expect(await heldOf(ctx.db, fixture.spanId)).toBe(heldBefore + 3);
  });

  it('after the order expired, a new hold is made; the old one is given back by the sweeper', async () => {
    const invitation = await createInvitation(ctx.db, ctx.env, request());
    const first = (await follow(invitation.token)).json().order_token;
    await ctx.db.$client.query(
      "UPDATE orders SET expires_at = now() - interval '1 second' WHERE order_token = $1",
      [first],
    );
    const second = (await follow(invitation.token)).json().order_token;
    expect(second).not.toBe(first);
    expect((await orderOf(second)).status).toBe('ready_checkout');
    await sweepExpiredHolds(ctx.db);
    expect((await orderOf(first)).status).toBe('expired');
    expect((await follow(invitation.token)).json()).toEqual({ order_token: second });
  });

  it('answers the stock error when the slot has no room for the invited tickets', async () => {
    const product = await createProduct(ctx.db, { site: 'MORI' });
    const spanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 1 });
    const invitation = await createInvitation(
      ctx.db,
      ctx.env,
      request({
        productUuid: product.uuid,
        timeSpanId: spanId,
        tickets: [{ optionValueId: product.optionValueIds[0]!, quantity: 2 }],
      }),
    );
    const res = await follow(invitation.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'out of stock' });
  });

  it('is a link of its own site only', async () => {
    const invitation = await createInvitation(ctx.db, ctx.env, request());
    const res = await ctx.app.inject({ method: 'GET', url: `/demo/api/v1/ordermails/${invitation.token}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'record not found' });
  });

  it.each([
    ['an invalid address', { email: 'not-an-address' }, /not a valid e-mail/],
    ['an unknown site', { siteCode: 'NOWHERE' }, /no site NOWHERE/],
    ['a product of another site', { siteCode: 'DEMO' }, /is not a product of DEMO/],
    ['a slot of another product', { timeSpanId: 999_999 }, /not a slot of that product/],
    ['a ticket type of another product', { tickets: [{ optionValueId: 999_999, quantity: 1 }] }, /999999/],
    ['no tickets', { tickets: [] }, /at least one ticket/],
    ['more tickets than a product sells per order', { tickets: [{ optionValueId: 0, quantity: 11 }] }, /./],
  ] as const)('refuses %s and queues nothing', async (_name, patch, message) => {
    const before = await ctx.db.$client.query('SELECT count(*)::int AS n FROM mail_outbox');
    const tickets =
      'tickets' in patch && patch.tickets.length === 1 && patch.tickets[0]!.optionValueId === 0
        ? [{ optionValueId: fixture.optionValueIds[0]!, quantity: 11 }]
        : undefined;
    const attempt = createInvitation(
      ctx.db,
      ctx.env,
      request({ ...patch, ...(tickets ? { tickets } : {}) } as Partial<InvitationRequest>),
    );
    await expect(attempt).rejects.toThrow(InvitationError);
    await expect(attempt).rejects.toThrow(message);
    const after = await ctx.db.$client.query('SELECT count(*)::int AS n FROM mail_outbox');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('npm run invite arguments', () => {
  it('reads an invitation', () => {
    expect(
      parseInviteArgs([
        '--site',
        'mori',
        '--email',
        ' guest@example.com ',
        '--product',
        'p-uuid',
        '--time-span',
        '42',
        '--tickets',
        '7:2, 8:1',
        '--lang',
        'th',
      ]),
    ).toEqual({
      kind: 'invite',
      request: {
        siteCode: 'MORI',
        email: 'guest@example.com',
        lang: 'th',
        productUuid: 'p-uuid',
        timeSpanId: 42,
        tickets: [
          { optionValueId: 7, quantity: 2 },
          { optionValueId: 8, quantity: 1 },
        ],
      },
    });
  });

  it('defaults the language to ja, and reads --list and --help', () => {
    const args = [
      '--site',
      'MORI',
      '--email',
      'a@b.jp',
      '--product',
      'p',
      '--time-span',
      '1',
      '--tickets',
      '1:1',
    ];
    expect(parseInviteArgs(args)).toMatchObject({ kind: 'invite', request: { lang: 'ja' } });
    expect(parseInviteArgs(['--site', 'MORI', '--list'])).toEqual({ kind: 'list', siteCode: 'MORI' });
    expect(parseInviteArgs(['--help'])).toEqual({ kind: 'help' });
  });

  it.each([
    [['--email', 'a@b.jp'], /--site is required/],
    [
      ['--site', 'MORI', '--email', 'a@b.jp', '--product', 'p', '--time-span', 'x', '--tickets', '1:1'],
      /slot id/,
    ],
    [
      ['--site', 'MORI', '--email', 'a@b.jp', '--product', 'p', '--time-span', '1', '--tickets', '1x1'],
      /1x1/,
    ],
    [
      [
        '--site',
        'MORI',
        '--email',
        'a@b.jp',
        '--product',
        'p',
        '--time-span',
        '1',
        '--tickets',
        '1:1',
        '--lang',
        'fr',
      ],
      /--lang/,
    ],
    [['--site', 'MORI', '--bogus'], /bogus/],
  ])('refuses %j', (args, message) => {
    expect(() => parseInviteArgs(args)).toThrow(UsageError);
    expect(() => parseInviteArgs(args)).toThrow(message);
  });
});
