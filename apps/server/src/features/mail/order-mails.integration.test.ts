import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH, orderBody, postOrder, productWithSlot } from '../../../test/order-support.ts';
import { createSmtpSink } from '../../../test/smtp-sink.ts';
import { buildApp } from '../../app.ts';

// The sink runs before the app is built, so the app's MAIL_URL can name it.
const sink = await createSmtpSink();
const ctx = setupTestApp({ MAIL_URL: sink.url, PUBLIC_URL: 'https://tickets.example/' });
afterAll(() => sink.stop());

let slot: Awaited<ReturnType<typeof productWithSlot>>;
beforeAll(async () => {
  slot = await productWithSlot(ctx.db, 50);
});

const EMAIL = 'hanako@example.jp';

async function newOrder(path = SITE_PATH, fixture = slot): Promise<string> {
  const res = await postOrder(ctx.app, orderBody(fixture, 2), path);
  expect(res.statusCode).toBe(201);
  return res.json().order_token;
}

function putInfo(token: string, email = EMAIL, path = SITE_PATH) {
  return ctx.app.inject({
    method: 'PUT',
    url: `${path}/orders/${token}`,
    headers: xsrfHeaders(),
    payload: {
      customer_info: [
        { key: 'fullname', value: 'Hanako Yamada' },
        { key: 'email', value: email },
      ],
    },
  });
}

/** Each request from its own address, so the per-client mail budget only counts where a test means it. */
let clientNumber = 0;
function sendMail(token: string, payload: object = { lang: 'en' }, ip = `10.1.0.${++clientNumber % 250}`) {
  return ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/ordermails/${token}`,
    headers: xsrfHeaders(),
    remoteAddress: ip,
    payload,
  });
}

function follow(mailToken: string, path = SITE_PATH) {
  return ctx.app.inject({ method: 'GET', url: `${path}/ordermails/${mailToken}` });
}

async function statusOf(token: string): Promise<string> {
  const { rows } = await ctx.db.$client.query('SELECT status FROM orders WHERE order_token = $1', [token]);
  return rows[0].status;
}

async function lastMail(): Promise<{
  kind: string;
  to_address: string;
  lang: string;
  payload: Record<string, string>;
}> {
  const { rows } = await ctx.db.$client.query(
    'SELECT kind, to_address, lang, payload FROM mail_outbox ORDER BY id DESC LIMIT 1',
  );
  return rows[0];
}

function tokenOf(confirmUrl: string): string {
  // The token is in the hash route's query (`/?lang=ja#/mail-confirm?token=...`).
  return new URLSearchParams(new URL(confirmUrl).hash.split('?')[1]).get('token')!;
}

/** An order with its customer info in and the confirmation mail sent: answers the mailed link's token. */
async function mailedOrder(): Promise<{ order: string; mailToken: string }> {
  const order = await newOrder();
  expect((await putInfo(order)).statusCode).toBe(200);
  expect((await sendMail(order)).statusCode).toBe(201);
  return { order, mailToken: tokenOf((await lastMail()).payload.confirmUrl!) };
}

describe('PUT /orders on a mail-confirm site', () => {
  it('stores the customer info and leaves the order holding until the mail link is followed', async () => {
    const order = await newOrder();
    const res = await putInfo(order);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('holding');
    expect(await statusOf(order)).toBe('holding');
  });

  it('moves the order to ready_checkout on a site without mail confirmation', async () => {
    const setMailConfirm = (on: boolean) =>
      ctx.db.$client.query(
        `UPDATE sites SET settings = jsonb_set(settings, '{isMailConfirm}', to_jsonb($1::boolean)) WHERE code = 'DEMO'`,
        [on],
      );
    await setMailConfirm(false);
    try {
      const order = await newOrder();
      const res = await putInfo(order);
      expect(res.json().status).toBe('ready_checkout');
      expect(await statusOf(order)).toBe('ready_checkout');
    } finally {
      await setMailConfirm(true);
    }
  });
});

describe('POST /ordermails/{orderToken}', () => {
  it('queues the mail-confirmation mail to the order address, in the asked language, with the link', async () => {
    const order = await newOrder();
    await putInfo(order);
    const res = await sendMail(order, { lang: 'ja', ignored: 'extra field' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ order_token: order, email: EMAIL });

    const mail = await lastMail();
    expect(mail).toMatchObject({ kind: 'mail_confirmation', to_address: EMAIL, lang: 'ja' });
    expect(mail.payload.confirmUrl).toMatch(
      /^https:\/\/tickets\.example\/demo\/\?lang=ja#\/mail-confirm\?token=[\w-]{22}$/,
    );
    const { rows } = await ctx.db.$client.query(
      'SELECT o.expires_at FROM orders o WHERE o.order_token = $1',
      [order],
    );
    expect(mail.payload.expiresAt).toBe(rows[0].expires_at.toISOString());
    expect(await statusOf(order)).toBe('holding');
  });

  it('answers invalid email address for an order without customer info', async () => {
    const res = await sendMail(await newOrder());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid email address' });
  });

  it('answers record not found for an unknown or cancelled order', async () => {
    const unknown = await sendMail('no-such-order-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'record not found' });

    const order = await newOrder();
    await putInfo(order);
    await ctx.app.inject({ method: 'DELETE', url: `${SITE_PATH}/orders/${order}`, headers: xsrfHeaders() });
    expect((await sendMail(order)).json()).toEqual({ error: 'record not found' });
  });

  it('answers session_timeout for an expired order and queues nothing', async () => {
    const order = await newOrder();
    await putInfo(order);
    await ctx.db.$client.query(
      "UPDATE orders SET expires_at = now() - interval '1 second' WHERE order_token = $1",
      [order],
    );
    const before = await ctx.db.$client.query('SELECT count(*)::int AS n FROM mail_outbox');
    const res = await sendMail(order);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: 'session_timeout' });
    const after = await ctx.db.$client.query('SELECT count(*)::int AS n FROM mail_outbox');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('refuses a bad language and a token from another site', async () => {
    const order = await newOrder();
    await putInfo(order);
    expect((await sendMail(order, { lang: 'fr' })).json()).toEqual(
      expect.objectContaining({ error: 'invalid request' }),
    );
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: `/borderless/api/v1/ordermails/${order}`,
      headers: xsrfHeaders(),
      payload: { lang: 'en' },
    });
    expect(elsewhere.json()).toEqual({ error: 'record not found' });
  });

  it('limits the mails one client can have sent', async () => {
    const order = await newOrder();
    await putInfo(order);
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) answers.push((await sendMail(order, { lang: 'en' }, '10.9.9.9')).statusCode);
    expect(answers).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect((await sendMail(order, { lang: 'en' }, '10.9.9.10')).statusCode).toBe(201);
  });
});

describe('GET /ordermails/{mailToken}', () => {
  it('confirms the address: the order moves to ready_checkout with a mail_confirmed event', async () => {
    const { order, mailToken } = await mailedOrder();
    const res = await follow(mailToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ order_token: order });
    expect(await statusOf(order)).toBe('ready_checkout');
    const { rows } = await ctx.db.$client.query(
      `SELECT e.from_status, e.to_status, e.reason FROM order_events e JOIN orders o ON o.id = e.order_id
       WHERE o.order_token = $1 ORDER BY e.id`,
      [order],
    );
    expect(rows).toEqual([
      { from_status: null, to_status: 'holding', reason: 'hold' },
      { from_status: 'holding', to_status: 'ready_checkout', reason: 'mail_confirmed' },
    ]);
  });

  it('is idempotent: the link followed again answers the same order and moves nothing', async () => {
    const { order, mailToken } = await mailedOrder();
    const answers = await Promise.all([follow(mailToken), follow(mailToken), follow(mailToken)]);
    expect(answers.map((res) => res.json())).toEqual([
      { order_token: order },
      { order_token: order },
      { order_token: order },
    ]);
    expect((await follow(mailToken)).json()).toEqual({ order_token: order });
    const { rows } = await ctx.db.$client.query(
      `SELECT count(*)::int AS n FROM order_events e JOIN orders o ON o.id = e.order_id
       WHERE o.order_token = $1 AND e.reason = 'mail_confirmed'`,
      [order],
    );
    expect(rows[0].n).toBe(1);
  });

  it('answers session_timeout once the hold ran out, before and after the sweeper', async () => {
    const { order, mailToken } = await mailedOrder();
    await ctx.db.$client.query(
      "UPDATE orders SET expires_at = now() - interval '1 second' WHERE order_token = $1",
      [order],
    );
    const res = await follow(mailToken);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: 'session_timeout' });
    expect(await statusOf(order)).toBe('holding');
  });

  it('answers record not found for an unknown token, a token of another site, a cancelled order', async () => {
    expect((await follow('AAAAAAAAAAAAAAAAAAAAAA')).json()).toEqual({ error: 'record not found' });
    const { order, mailToken } = await mailedOrder();
    const elsewhere = await follow(mailToken, '/borderless/api/v1');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ error: 'record not found' });
    await ctx.app.inject({ method: 'DELETE', url: `${SITE_PATH}/orders/${order}`, headers: xsrfHeaders() });
    expect((await follow(mailToken)).json()).toEqual({ error: 'record not found' });
  });

  it('does not confirm an address the order no longer has', async () => {
    const { order, mailToken } = await mailedOrder();
    await putInfo(order, 'another@example.jp');
    expect((await follow(mailToken)).json()).toEqual({ error: 'record not found' });
    expect(await statusOf(order)).toBe('holding');
    await sendMail(order);
    const fresh = tokenOf((await lastMail()).payload.confirmUrl!);
    expect((await follow(fresh)).json()).toEqual({ order_token: order });
  });
});

describe('PUT /orders after the address was confirmed', () => {
  it('a new address sends the order back to holding until its own link is followed; the same address, in any case, keeps it ready', async () => {
    const { order, mailToken } = await mailedOrder();
    await follow(mailToken);
    expect((await putInfo(order, EMAIL.toUpperCase())).json().status).toBe('ready_checkout');
    const changed = await putInfo(order, 'another@example.jp');
    expect(changed.json().status).toBe('holding');
    expect(await statusOf(order)).toBe('holding');
    const { rows } = await ctx.db.$client.query(
      `SELECT e.from_status, e.to_status, e.reason FROM order_events e JOIN orders o ON o.id = e.order_id
       WHERE o.order_token = $1 ORDER BY e.id DESC LIMIT 1`,
      [order],
    );
    expect(rows[0]).toEqual({ from_status: 'ready_checkout', to_status: 'holding', reason: 'email_changed' });
    // The old link confirms the old address only; the new address's link confirms the order again.
    expect((await follow(mailToken)).json()).toEqual({ error: 'record not found' });
    expect(await statusOf(order)).toBe('holding');
    await sendMail(order);
    expect((await follow(tokenOf((await lastMail()).payload.confirmUrl!))).json()).toEqual({
      order_token: order,
    });
    expect(await statusOf(order)).toBe('ready_checkout');
  });
});

describe('with MAIL_URL set', () => {
  it('the running worker delivers the confirmation over SMTP, and its link confirms the order', async () => {
    const app = await buildApp({
      env: { ...ctx.env, MAIL_WORKER_INTERVAL_MS: 100 },
      db: ctx.db,
      webDistDir: '/nonexistent/',
      mailWorker: true,
      holdSweeper: false,
    });
    await app.ready();
    try {
      const order = await newOrder();
      await putInfo(order, 'smtp-visitor@example.jp');
      expect((await sendMail(order, { lang: 'en' })).statusCode).toBe(201);
      // The worker also sends what earlier tests queued; this test's mail is the one to its address.
      const toVisitor = () =>
        sink.received.find((m) => m.to && 'text' in m.to && m.to.text === 'smtp-visitor@example.jp');
      const deadline = Date.now() + 10_000;
      while (!toVisitor() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const mail = toVisitor();
      expect(mail).toBeDefined();
      expect(mail!.subject).toMatch(/^\[.+\] Confirm your email address to continue your booking$/);
      expect(mail!.to && 'text' in mail!.to && mail!.to.text).toBe('smtp-visitor@example.jp');
      const link = /https:\/\/tickets\.example\/demo\/\?lang=en#\/mail-confirm\?token=[\w-]+/.exec(
        mail!.text ?? '',
      )?.[0];
      expect(link).toBeDefined();
      // In HTML an & in the link would be written &amp;.
      expect(mail!.html).toContain(`href="${link!.replaceAll('&', '&amp;')}"`);
      expect((await follow(tokenOf(link!))).json()).toEqual({ order_token: order });
      const { rows } = await ctx.db.$client.query(
        "SELECT status, message_id FROM mail_outbox WHERE to_address = 'smtp-visitor@example.jp'",
      );
      expect(rows).toEqual([{ status: 'sent', message_id: mail!.messageId }]);
    } finally {
      await app.close();
    }
  });
});
