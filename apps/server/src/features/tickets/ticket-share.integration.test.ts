import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ticketResponseSchema,
  ticketShareOptionsResponseSchema,
  ticketShareResponseSchema,
  type TicketResponse,
} from '@kippu/contract';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../test/helper.ts';
import { productWithSlot, SITE_PATH } from '../../../test/order-support.ts';
import { payWithCard, readyOrder } from '../../../test/checkout-support.ts';
import { renderMail } from '../../domain/mail/templates/render-mail.ts';
import type { OutboxMail } from '../../domain/mail/mail-kinds.ts';
import { verifyTicketQr } from '../../domain/tickets/ticket-qr.ts';

const ctx = setupTestApp();

type Slot = Awaited<ReturnType<typeof productWithSlot>>;

/** A reserved purchase of `adults` tickets of the first type and `children` of the second. */
async function reservation(slot: Slot, adults: number, children = 0): Promise<string> {
  const lines = [
    { option_value_id: slot.optionValueIds[0]!, quantity: adults },
    ...(children > 0 ? [{ option_value_id: slot.optionValueIds[1]!, quantity: children }] : []),
  ];
  const order = await readyOrder(ctx.app, ctx.db, slot, adults + children, 'hanako@example.jp', {
    option_values: lines,
  });
  const paid = await payWithCard(ctx.app, order.token);
  expect(paid.statusCode).toBe(200);
  return paid.json<{ reservation_token: string }>().reservation_token;
}

const split = (token: string, tickets: { option_value_id: number; count: number }[]) =>
  ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/tickets/share/${token}`,
    headers: xsrfHeaders(),
    payload: { tickets },
  });

async function page(path: string, lang = 'en'): Promise<TicketResponse> {
  const res = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/${path}?lang=${lang}` });
  expect(res.statusCode).toBe(200);
  return ticketResponseSchema.parse(res.json());
}

async function currentSecret(ticketId: number): Promise<string> {
  const { rows } = await ctx.db.execute<{ secret: string }>(
    sql`SELECT secret FROM tickets WHERE id = ${ticketId}`,
  );
  return rows[0]!.secret;
}

describe('share: splitting tickets off to a companion', () => {
  let slot: Slot;
  beforeAll(async () => {
    slot = await productWithSlot(ctx.db, 40, { prices: [2000, 800] });
  });

  it('lists the types the holder may split off', async () => {
    const token = await reservation(slot, 2, 1);
    const res = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/share/${token}?lang=ja` });
    expect(res.statusCode).toBe(200);
    expect(ticketShareOptionsResponseSchema.parse(res.json())).toEqual({
      ticket_types: [
        { option_value_id: slot.optionValueIds[0]!, name: 'Ticket 0 (ja)', count: 2 },
        { option_value_id: slot.optionValueIds[1]!, name: 'Ticket 1 (ja)', count: 1 },
      ],
      ticket_count: 3,
      shares: [],
    });
  });

  it('moves the tickets to a shared reservation: the holder no longer sees them, old codes go stale', async () => {
    const token = await reservation(slot, 2, 1);
    const before = await page(`tickets/${token}`);
    expect(before.tickets).toHaveLength(3);

    const res = await split(token, [{ option_value_id: slot.optionValueIds[0]!, count: 1 }]);
    expect(res.statusCode).toBe(201);
    const { share_token: shareToken, ticket_count } = ticketShareResponseSchema.parse(res.json());
    expect(ticket_count).toBe(1);
    expect(shareToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(shareToken).not.toBe(token);

    // The holder keeps ticket 1 (adult) and 3 (child); the last adult moved.
    const holder = await page(`tickets/${token}`);
    expect(holder.tickets.map((t) => [t.sequence, t.option_name])).toEqual([
      [1, 'Ticket 0 (en)'],
      [3, 'Ticket 1 (en)'],
    ]);
    const shared = await page(`tickets/shared/${shareToken}`, 'th');
    expect(shared).toMatchObject({
      status: 'reserved',
      lang: 'th',
      product: { name: before.product.name.replace('(en)', '(th)') },
      starts_at: before.starts_at,
      ends_at: before.ends_at,
      total_price: 2000,
      discount: 0,
      set_products: [],
    });
    expect(shared.reservation_number).not.toBe(before.reservation_number);
    expect(shared.tickets.map((t) => [t.id, t.sequence, t.option_name])).toEqual([
      [before.tickets[1]!.id, 2, 'Ticket 0 (th)'],
    ]);

    // The moved ticket's old code is genuine (signed by us) but names a secret the ticket no longer has.
    const movedId = before.tickets[1]!.id;
    const stale = verifyTicketQr(before.tickets[1]!.qr, ctx.env.APP_SECRET)!;
    expect(stale.ticketId).toBe(movedId);
    expect(stale.secret).not.toBe(await currentSecret(movedId));
    const fresh = verifyTicketQr(shared.tickets[0]!.qr, ctx.env.APP_SECRET)!;
    expect(fresh).toEqual({ ticketId: movedId, secret: await currentSecret(movedId) });
    // Tickets that stayed keep their codes.
    expect(holder.tickets[0]!.qr).toBe(before.tickets[0]!.qr);

    const options = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/tickets/share/${token}?lang=en`,
    });
    expect(options.json()).toMatchObject({
      ticket_count: 2,
      shares: [{ share_token: shareToken, ticket_count: 1 }],
    });
  });

  it('the holder must keep a ticket: parent ticket has not more than one child ticket', async () => {
    const token = await reservation(slot, 2, 1);
    const all = await split(token, [
      { option_value_id: slot.optionValueIds[0]!, count: 2 },
      { option_value_id: slot.optionValueIds[1]!, count: 1 },
    ]);
    expect(all.statusCode).toBe(409);
    expect(all.json()).toEqual({ error: 'parent ticket has not more than one child ticket' });
    expect((await page(`tickets/${token}`)).tickets).toHaveLength(3);
  });

  it('more tickets of a type than valid ones, or a type not held: option value of ticket less than 1', async () => {
    const token = await reservation(slot, 2);
    for (const tickets of [
      [{ option_value_id: slot.optionValueIds[1]!, count: 1 }],
      [{ option_value_id: slot.optionValueIds[0]!, count: 3 }],
    ]) {
      const res = await split(token, tickets);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'option value of ticket less than 1' });
    }
    // A used ticket cannot move: one adult used leaves one movable, and the holder keeps the used one.
    const { tickets } = await page(`tickets/${token}`);
    await ctx.db.execute(sql`UPDATE tickets SET status = 'used' WHERE id = ${tickets[0]!.id}`);
    expect((await split(token, [{ option_value_id: slot.optionValueIds[0]!, count: 2 }])).json()).toEqual({
      error: 'option value of ticket less than 1',
    });
    expect((await split(token, [{ option_value_id: slot.optionValueIds[0]!, count: 1 }])).statusCode).toBe(
      201,
    );
  });

  it('unknown tokens, shared tokens and bad bodies', async () => {
    const token = await reservation(slot, 3);
    const shared = ticketShareResponseSchema.parse(
      (await split(token, [{ option_value_id: slot.optionValueIds[0]!, count: 1 }])).json(),
    );
    // A companion cannot split further, and a shared token is no holder's page.
    expect(
      (await split(shared.share_token, [{ option_value_id: slot.optionValueIds[0]!, count: 1 }])).json(),
    ).toEqual({ error: 'ticket not found' });
    expect((await split('no-such-token', [{ option_value_id: 1, count: 1 }])).statusCode).toBe(404);
    const sharedAsHolder = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/tickets/shared/${token}?lang=en`,
    });
    expect(sharedAsHolder.json()).toEqual({ error: 'ticket not found' });
    const otherSite = await ctx.app.inject({
      method: 'GET',
      url: `/borderless/api/v1/tickets/shared/${shared.share_token}?lang=en`,
    });
    expect(otherSite.statusCode).toBe(404);
    for (const tickets of [
      [],
      [{ option_value_id: slot.optionValueIds[0]!, count: 0 }],
      [
        { option_value_id: slot.optionValueIds[0]!, count: 1 },
        { option_value_id: slot.optionValueIds[0]!, count: 1 },
      ],
    ]) {
      const res = await split(token, tickets);
      expect(res.statusCode).toBe(400);
    }
  });

  it('a cancelled purchase: no split, and the shared page shows the cancellation', async () => {
    const token = await reservation(slot, 2);
    const shared = ticketShareResponseSchema.parse(
      (await split(token, [{ option_value_id: slot.optionValueIds[0]!, count: 1 }])).json(),
    );
    await ctx.db.execute(
      sql`UPDATE reservations SET status = 'cancelled' WHERE reservation_token = ${token}`,
    );
    expect((await split(token, [{ option_value_id: slot.optionValueIds[0]!, count: 1 }])).statusCode).toBe(
      404,
    );
    expect((await page(`tickets/shared/${shared.share_token}`)).status).toBe('cancelled');
  });

  it('10 concurrent splits of one reservation never duplicate or lose a ticket', async () => {
    const token = await reservation(slot, 6);
    const { tickets: before } = await page(`tickets/${token}`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        split(token, [{ option_value_id: slot.optionValueIds[0]!, count: 1 }]),
      ),
    );
    const made = answers.filter((res) => res.statusCode === 201);
    // Six tickets: five can go, the holder keeps the last one.
    expect(made).toHaveLength(5);
    for (const refused of answers.filter((res) => res.statusCode !== 201)) {
      expect(refused.json()).toEqual({ error: 'parent ticket has not more than one child ticket' });
    }
    const holder = await page(`tickets/${token}`);
    const children = await Promise.all(
      made.map((res) => page(`tickets/shared/${ticketShareResponseSchema.parse(res.json()).share_token}`)),
    );
    const after = [holder, ...children].flatMap((view) => view.tickets.map((t) => t.id));
    expect(holder.tickets).toHaveLength(1);
    for (const child of children) expect(child.tickets).toHaveLength(1);
    expect(after.sort((a, b) => a - b)).toEqual(before.map((t) => t.id).sort((a, b) => a - b));
  });
});

describe('send: mailing the ticket link', () => {
  let slot: Slot;
  beforeAll(async () => {
    slot = await productWithSlot(ctx.db, 40);
  });

  const send = (token: string, payload: object, remoteAddress = visitorAddress()) =>
    ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/tickets/send/${token}`,
      headers: xsrfHeaders(),
      remoteAddress,
      payload,
    });

  async function mailsTo(address: string) {
    const { rows } = await ctx.db.execute<{ kind: string; lang: string; payload: Record<string, unknown> }>(
      sql`SELECT kind, lang, payload FROM mail_outbox WHERE to_address = ${address} ORDER BY id`,
    );
    return rows;
  }

  it('queues one mail in the chosen language with the ticket link', async () => {
    const token = await reservation(slot, 2);
    const res = await send(token, { email: 'friend@example.com', lang: 'ja' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email: 'friend@example.com' });
    const mails = await mailsTo('friend@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'ticket_link',
      lang: 'ja',
      payload: {
        productName: 'Fixture product (ja)',
        ticketUrl: expect.stringMatching(/\/\?lang=ja#\/tickets\/view\/[A-Za-z0-9_-]{22}$/),
      },
    });
    const rendered = renderMail(
      {
        kind: 'ticket_link',
        siteCode: 'DEMO',
        to: 'friend@example.com',
        lang: 'ja',
        payload: mails[0]!.payload,
      } as OutboxMail,
      { uidHost: 'localhost' },
    );
    expect(rendered.subject).toContain('チケットが届きました');
    expect(rendered.html).toContain(String(mails[0]!.payload.ticketUrl).split('/?')[1]);
    // The holder's own token is in no part of the mail.
    expect(rendered.html).not.toContain(token);
    expect(rendered.text ?? '').not.toContain(token);
  });

  it('the mailed link opens the tickets only: every call of the holder is refused with it', async () => {
    const token = await reservation(slot, 2);
    expect((await send(token, { email: 'viewer@example.com', lang: 'en' })).statusCode).toBe(202);
    const [mail] = await mailsTo('viewer@example.com');
    const viewToken = /#\/tickets\/view\/([A-Za-z0-9_-]{22})$/.exec(String(mail!.payload.ticketUrl))![1]!;
    expect(viewToken).not.toBe(token);

    // The tickets and the visit, with the holder's codes; none of the holder's actions or figures.
    const holder = await page(`tickets/${token}`);
    const view = await page(`tickets/view/${viewToken}`);
    expect(view).toMatchObject({
      reservation_number: holder.reservation_number,
      status: 'reserved',
      starts_at: holder.starts_at,
      tickets: holder.tickets,
      can_change_date: false,
      return_notes: [],
      total_price: 0,
      discount: 0,
      apple_wallet: false,
    });
    expect(view.tickets).toHaveLength(2);

    // Each owner's call with the view token answers as for an unknown reservation.
    const json = { headers: xsrfHeaders(), remoteAddress: visitorAddress() };
    const refused = await Promise.all([
      ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/${viewToken}?lang=en` }),
      ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/timechanges/${viewToken}?lang=en` }),
      ctx.app.inject({
        method: 'POST',
        url: `${SITE_PATH}/timechanges/${viewToken}`,
        ...json,
        payload: { time_span_id: slot.spanId, lang: 'en' },
      }),
      ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/receipts/${viewToken}?lang=en` }),
      ctx.app.inject({
        method: 'POST',
        url: `${SITE_PATH}/receipts/${viewToken}?lang=en`,
        ...json,
        payload: { addressee: 'Someone Else' },
      }),
      ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/share/${viewToken}?lang=en` }),
      split(viewToken, [{ option_value_id: slot.optionValueIds[0]!, count: 1 }]),
      send(viewToken, { email: 'third@example.com', lang: 'en' }),
    ]);
    for (const res of refused) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect([403, 404, 422]).toContain(res.statusCode);
    }
    expect(await mailsTo('third@example.com')).toEqual([]);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM receipt_issues r JOIN reservations s ON s.id = r.reservation_id
          WHERE s.reservation_token = ${token}`,
    );
    expect(rows[0]!.n).toBe(0);

    // An unknown view token is the page's own 404.
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/tickets/view/${'x'.repeat(22)}?lang=en`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('a shared reservation sends its shared page', async () => {
    const token = await reservation(slot, 2);
    const shared = ticketShareResponseSchema.parse(
      (await split(token, [{ option_value_id: slot.optionValueIds[0]!, count: 1 }])).json(),
    );
    expect((await send(shared.share_token, { email: 'companion@example.com', lang: 'en' })).statusCode).toBe(
      202,
    );
    const [mail] = await mailsTo('companion@example.com');
    expect(mail!.payload.ticketUrl).toMatch(new RegExp(`/\\?lang=en#/tickets/shared/${shared.share_token}$`));
  });

  it('refuses a bad address, an unknown language and an unknown reservation', async () => {
    const token = await reservation(slot, 1);
    expect((await send(token, { email: 'not-an-address', lang: 'en' })).statusCode).toBe(400);
    expect((await send(token, { email: 'a@example.com', lang: 'de' })).statusCode).toBe(400);
    expect((await send('no-such-token', { email: 'a@example.com', lang: 'en' })).json()).toEqual({
      error: 'ticket not found',
    });
    expect(await mailsTo('a@example.com')).toHaveLength(0);
  });

  it('is rate-limited per client', async () => {
    const client = visitorAddress();
    const tokens = await Promise.all([reservation(slot, 1), reservation(slot, 1)]);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (await send(tokens[i % 2]!, { email: 'per-client@example.com', lang: 'en' }, client)).statusCode,
      );
    }
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
    expect(await mailsTo('per-client@example.com')).toHaveLength(5);
  });

  it('is rate-limited per reservation, whatever the client', async () => {
    const token = await reservation(slot, 1);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push((await send(token, { email: 'per-reservation@example.com', lang: 'en' })).statusCode);
    }
    expect(codes.slice(0, 10).every((code) => code === 202)).toBe(true);
    const refused = await send(token, { email: 'per-reservation@example.com', lang: 'en' });
    expect(codes[10]).toBe(429);
    expect(refused.json()).toEqual({ error: 'too many requests' });
    expect(await mailsTo('per-reservation@example.com')).toHaveLength(10);
  });
});
