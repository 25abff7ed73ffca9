import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payWithCard, readyOrder } from '../../../test/checkout-support.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH } from '../../../test/order-support.ts';

const DAY = 24 * 3600 * 1000;
const ctx = setupTestApp();

async function secretsOf(reservationToken: string, shared: boolean) {
  const { rows } = await ctx.db.execute<{ id: number; secret: string }>(sql`
    SELECT tk.id, tk.secret FROM tickets tk JOIN reservations r ON r.id = tk.reservation_id
    WHERE r.reservation_token = ${reservationToken} ORDER BY tk.id`);
  expect(rows.length, shared ? 'shared tickets' : 'holder tickets').toBeGreaterThan(0);
  return rows.map((row) => row.secret);
}

/**
 * A change of date after sharing (issue 32, ADR 107): before, the screens said "2 tickets" while the holder
 * held 1, the companion's ticket moved with a new QR code, and nobody told them.
 */
describe('a change of date after sharing (ADR 107)', () => {
  it('says how many of the moving tickets are shared; the shared one keeps its code; its recipient is mailed', async () => {
    const product = await createProduct(ctx.db, { site: 'DEMO', prices: [2000] });
    await ctx.db.execute(sql`
      UPDATE products SET date_changeable = true, date_change_until_minutes = 60, date_change_group = 'shared-move'
      WHERE id = ${product.id}`);
    const from = await createTimeSpan(ctx.db, { productId: product.id, capacity: 5, startsAt: new Date(Date.now() + 2 * DAY) });
    const to = await createTimeSpan(ctx.db, { productId: product.id, capacity: 5, startsAt: new Date(Date.now() + 9 * DAY) });
    const order = await readyOrder(ctx.app, ctx.db, { ...product, spanId: from }, 2);
    const token = (await payWithCard(ctx.app, order.token)).json<{ reservation_token: string }>().reservation_token;

    // The holder shares one of the two tickets and mails its link to a friend.
    const types = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/share/${token}?lang=en` });
    const optionValueId = types.json<{ ticket_types: { option_value_id: number }[] }>().ticket_types[0]!.option_value_id;
    const split = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/tickets/share/${token}`,
      headers: xsrfHeaders(),
      payload: { tickets: [{ option_value_id: optionValueId, count: 1 }] },
    });
    expect(split.statusCode).toBe(201);
    const shareToken = split.json<{ share_token: string }>().share_token;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/tickets/send/${shareToken}`,
      headers: xsrfHeaders(),
      payload: { email: 'friend@example.jp', lang: 'kr' },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const holderBefore = await secretsOf(token, false);
    const sharedBefore = await secretsOf(shareToken, true);

    // The screens' answers: 2 tickets move, 1 of them shared.
    const options = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/timechanges/${token}?lang=en` });
    expect(options.json()).toMatchObject({ current: { quantity: 2, shared_quantity: 1 } });
    const created = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/timechanges/${token}`,
      headers: xsrfHeaders(),
      payload: { time_span_id: to, lang: 'en' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const change = created.json<{ timechange_token: string }>().timechange_token;
    const details = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/timechanges/${token}/${change}?lang=en` });
    expect(details.json()).toMatchObject({ quantity: 2, shared_quantity: 1, top_up: 0 });
    const done = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/timechanges/${token}/${change}/checkout`,
      headers: xsrfHeaders(),
      payload: { payment_method_type: 'free' },
    });
    expect(done.json()).toMatchObject({ status: 'reserved' });

    // The holder's codes are new (their old screenshots fail); the companion's code still admits, now for the
    // new visit, which the shared page shows.
    expect((await secretsOf(token, false)).every((secret, i) => secret !== holderBefore[i])).toBe(true);
    expect(await secretsOf(shareToken, true)).toEqual(sharedBefore);
    const sharedPage = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/shared/${shareToken}?lang=en` });
    expect(sharedPage.json()).toMatchObject({ time_span_id: to });

    // The friend is told, in the send's language, with the share's own number and link, never the holder's.
    const { rows: mails } = await ctx.db.execute<{ lang: string; payload: Record<string, string> }>(sql`
      SELECT lang, payload FROM mail_outbox WHERE kind = 'shared_visit_moved' AND to_address = 'friend@example.jp'`);
    expect(mails).toHaveLength(1);
    const { rows: share } = await ctx.db.execute<{ reservation_number: string }>(
      sql`SELECT reservation_number FROM reservations WHERE reservation_token = ${shareToken}`,
    );
    expect(mails[0]!.lang).toBe('kr');
    expect(mails[0]!.payload.reservationNumber).toBe(share[0]!.reservation_number);
    expect(mails[0]!.payload.ticketUrl).toContain(`#/tickets/shared/${shareToken}`);
    expect(mails[0]!.payload.ticketUrl).not.toContain(token);
  });
});
