import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailMagazineSubscriptionSchema } from '@kippu/contract';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { productWithSlot, SITE_PATH } from '../../../test/order-support.ts';
import { payWithCard, readyOrder, type Slot } from '../../../test/checkout-support.ts';
import { renderMail } from '../../domain/mail/templates/render-mail.ts';
import type { OutboxMailOf } from '../../domain/mail/mail-kinds.ts';

const ctx = setupTestApp();

type Answers = { mail_magazine?: boolean; teamlab_mail_magazine?: boolean };

/** Buys tickets as `email` with these order-form magazine answers (absent = the form did not ask). */
async function buy(slot: Slot, email: string, answers: Answers) {
  const order = await readyOrder(ctx.app, ctx.db, slot, 1, email);
  const fields = Object.entries(answers).map(([key, value]) => ({ key, value: String(value) }));
  await ctx.db.execute(sql`
    UPDATE orders SET customer_info = customer_info || ${JSON.stringify(fields)}::jsonb WHERE id = ${order.id}`);
  const paid = await payWithCard(ctx.app, order.token);
  expect(paid.statusCode).toBe(200);
  return paid.json<{ reservation_token: string; reservation_number: string }>();
}

/** The one subscription of an address's token (fails the test when there is none). */
async function tokenOf(email: string): Promise<string> {
  const [subscription] = await subscriptionOf(email);
  expect(subscription).toBeDefined();
  return subscription!.token;
}

async function subscriptionOf(email: string) {
  const { rows } = await ctx.db.execute<{
    token: string;
    mail_magazine: boolean;
    teamlab_mail_magazine: boolean;
  }>(sql`SELECT token, mail_magazine, teamlab_mail_magazine FROM mail_magazine_subscriptions
         WHERE site_code = 'DEMO' AND lower(email) = lower(${email})`);
  return rows;
}

async function purchaseMailTo(email: string): Promise<OutboxMailOf<'purchase_confirmation'>> {
  const { rows } = await ctx.db.execute<{ payload: OutboxMailOf<'purchase_confirmation'>['payload'] }>(sql`
    SELECT payload FROM mail_outbox WHERE kind = 'purchase_confirmation' AND to_address = ${email}
    ORDER BY id DESC LIMIT 1`);
  return {
    kind: 'purchase_confirmation',
    siteCode: 'DEMO',
    to: email,
    lang: 'en',
    payload: rows[0]!.payload,
  };
}

const get = (token: string, path = SITE_PATH) =>
  ctx.app.inject({ method: 'GET', url: `${path}/mailmagazines/${token}` });
const put = (token: string, body: Record<string, unknown> | unknown[], path = SITE_PATH) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${path}/mailmagazines/${token}`,
    headers: xsrfHeaders(),
    payload: body,
  });

describe('mail magazines', () => {
  let slot: Slot;
  beforeAll(async () => {
    slot = await productWithSlot(ctx.db, 50);
  });

  it('an opt-in order creates the subscription; its purchase mail carries the release link', async () => {
    await buy(slot, 'Reader@Example.jp', { mail_magazine: true, teamlab_mail_magazine: false });
    const [subscription] = await subscriptionOf('reader@example.jp');
    expect(subscription).toMatchObject({ mail_magazine: true, teamlab_mail_magazine: false });
    expect(subscription!.token).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const mail = await purchaseMailTo('Reader@Example.jp');
    expect(mail.payload.unsubscribeUrl).toBe(
      `http://localhost:${ctx.env.PORT}/demo/?lang=en#/mail-release/${subscription!.token}`,
    );
    const rendered = renderMail(mail, { uidHost: 'localhost' });
    expect(rendered.text).toContain(
      `To stop receiving our newsletters, open: ${mail.payload.unsubscribeUrl}`,
    );
  });

  it('GET answers the magazines on; PUT switches one off; twice → already unsubscribed', async () => {
    const token = await tokenOf('reader@example.jp');
    const before = await get(token);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('private, no-store');
    expect(mailMagazineSubscriptionSchema.parse(before.json())).toEqual({
      mail_magazine: true,
      teamlab_mail_magazine: false,
    });

    const first = await put(token, { field_name: 'mail_magazine' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ mail_magazine: false, teamlab_mail_magazine: false });

    const second = await put(token, { field_name: 'mail_magazine' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'mail magazine already unsubscribed' });
    // A magazine never subscribed is just as off.
    const never = await put(token, { field_name: 'teamlab_mail_magazine' });
    expect(never.json()).toEqual({ error: 'mail magazine already unsubscribed' });

    expect((await get(token)).json()).toEqual({ mail_magazine: false, teamlab_mail_magazine: false });
  });

  it('two clicks at once: exactly one unsubscribes, the other is told it already happened', async () => {
    await buy(slot, 'twice@example.jp', { mail_magazine: true, teamlab_mail_magazine: true });
    const token = await tokenOf('twice@example.jp');
    const answers = await Promise.all([
      put(token, { field_name: 'teamlab_mail_magazine' }),
      put(token, { field_name: 'teamlab_mail_magazine' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await get(token)).json()).toEqual({ mail_magazine: true, teamlab_mail_magazine: false });
  });

  it('a later order updates the one subscription: its answers win, fields it did not ask keep theirs', async () => {
    await buy(slot, 'later@example.jp', { mail_magazine: true, teamlab_mail_magazine: true });
    const [first] = await subscriptionOf('later@example.jp');
    await buy(slot, 'LATER@example.jp', { mail_magazine: false });
    const rows = await subscriptionOf('later@example.jp');
    expect(rows).toEqual([{ token: first!.token, mail_magazine: false, teamlab_mail_magazine: true }]);
    // Still gets one magazine: the mail keeps the link.
    expect((await purchaseMailTo('LATER@example.jp')).payload.unsubscribeUrl).toContain(first!.token);

    await buy(slot, 'later@example.jp', { teamlab_mail_magazine: false });
    expect(await subscriptionOf('later@example.jp')).toEqual([
      { token: first!.token, mail_magazine: false, teamlab_mail_magazine: false },
    ]);
    // Gets none now: no release line in the mail.
    expect((await purchaseMailTo('later@example.jp')).payload.unsubscribeUrl).toBeUndefined();
  });

  it('no opt-in, no subscription and no release line', async () => {
    await buy(slot, 'quiet@example.jp', { mail_magazine: false });
    await buy(slot, 'unasked@example.jp', {});
    expect(await subscriptionOf('quiet@example.jp')).toEqual([]);
    expect(await subscriptionOf('unasked@example.jp')).toEqual([]);
    const mail = await purchaseMailTo('quiet@example.jp');
    expect(mail.payload.unsubscribeUrl).toBeUndefined();
    expect(renderMail(mail, { uidHost: 'localhost' }).text).not.toContain('newsletters');
  });

  it('unknown tokens, other sites and bad fields: record not found or 400, never a 5xx', async () => {
    await buy(slot, 'site@example.jp', { mail_magazine: true });
    const token = await tokenOf('site@example.jp');
    expect((await get('AAAAAAAAAAAAAAAAAAAAAA')).json()).toEqual({ error: 'record not found' });
    expect((await get('AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await put('AAAAAAAAAAAAAAAAAAAAAA', { field_name: 'mail_magazine' })).statusCode).toBe(404);
    expect((await get(token, '/borderless/api/v1')).statusCode).toBe(404);
    for (const body of [{}, { field_name: 'email' }, { field_name: 'mail_magazine;--' }, []]) {
      const answer = await put(token, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json<{ error: unknown }>().error).toEqual(expect.any(String));
    }
    expect((await get('not a token!')).statusCode).toBe(400);
    expect((await get(token)).json()).toEqual({ mail_magazine: true, teamlab_mail_magazine: false });
  });
});
