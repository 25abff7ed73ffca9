import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  checkInAnswerSchema,
  configurationResponseSchema,
  gateSessionResponseSchema,
  gateSyncResponseSchema,
  gateTicketListResponseSchema,
  ticketResponseSchema,
} from '@kippu/contract';
import type { App } from '../../app.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../test/helper.ts';
import { productWithSlot, SITE_PATH } from '../../../test/order-support.ts';
import { payWithCard, readyOrder } from '../../../test/checkout-support.ts';
import { createGateKey, forgetCachedGates, revokeGateKey } from '../../domain/check-ins/gate-keys.ts';
import { checkIn } from '../../domain/check-ins/check-in.ts';
import { scanTicket } from '../../domain/check-ins/scan-ticket.ts';
import type { Db } from '../../db/client.ts';

const ctx = setupTestApp();

let gateKey: string;
let nonces = 0;
const nonce = () => `test-nonce-${process.pid}-${++nonces}-xxxxxxxx`;

/**
 * A paid reservation of `count` tickets on the DEMO site: its token, and the tickets' ids and QR codes. Its
 * slot is bought ahead (sales close when a slot starts) and then, unless the test names a start, moved to
 * "now" (started five minutes ago), so its tickets are inside their entry window (ADR 111) at any hour.
 */
async function reservation(count = 1, span: { startsAt?: Date } = {}) {
  const slot = await productWithSlot(ctx.db, 500, {}, span);
  const order = await readyOrder(ctx.app, ctx.db, slot, count);
  const paid = await payWithCard(ctx.app, order.token);
  expect(paid.statusCode).toBe(200);
  if (span.startsAt === undefined) await moveSlot(slot.spanId, new Date(Date.now() - 5 * 60_000));
  const token = paid.json<{ reservation_token: string }>().reservation_token;
  const page = ticketResponseSchema.parse(
    (await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/tickets/${token}?lang=en` })).json(),
  );
  return { token, slot, tickets: page.tickets.map((t) => ({ id: t.id, qr: t.qr })) };
}

/** Moves a slot (30 minutes long) to start at `startsAt`: the clock of the entry window, without fake timers. */
async function moveSlot(spanId: number, startsAt: Date) {
  await ctx.db.execute(sql`
    UPDATE time_spans SET starts_at = ${startsAt.toISOString()},
           ends_at = ${new Date(startsAt.getTime() + 30 * 60_000).toISOString()}
    WHERE id = ${spanId}`);
}

function scan(app: App, code: string, options: { mode?: 'gate' | 'set'; key?: string; nonce?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: `${SITE_PATH}/gate/check-ins`,
    headers: { ...xsrfHeaders(), 'x-gate-key': options.key ?? gateKey },
    payload: { code, mode: options.mode ?? 'gate', nonce: options.nonce ?? nonce(), lang: 'en' },
  });
}

const resultOf = (res: { json(): unknown }) => checkInAnswerSchema.parse(res.json()).result;

beforeAll(async () => {
  gateKey = (await createGateKey(ctx.db, 'DEMO', 'Test gate')).key;
});

/** The code with the last character of its signature changed (a fixed replacement is the same one time in 32). */
const withAlteredSignature = (qr: string) => qr.slice(0, -1) + (qr.endsWith('Q') ? 'R' : 'Q');

describe('gate devices are authorised', () => {
  it('refuses a call without a key, with a malformed, unknown, revoked or other site’s key', async () => {
    const { tickets } = await reservation();
    const code = tickets[0]!.qr;
    const refused = { error: 'gate device not authorised' };
    const noKey = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/gate/check-ins`,
      headers: xsrfHeaders(),
      payload: { code, mode: 'gate', nonce: nonce(), lang: 'en' },
    });
    expect([noKey.statusCode, noKey.json()]).toEqual([401, refused]);
    for (const key of ['not-a-key', 'KG1-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await scan(ctx.app, code, { key });
      expect([res.statusCode, res.json()]).toEqual([401, refused]);
    }
    const borderless = (await createGateKey(ctx.db, 'BORDERLESS', 'Elsewhere')).key;
    expect((await scan(ctx.app, code, { key: borderless })).statusCode).toBe(401);

    const revoked = await createGateKey(ctx.db, 'DEMO', 'Lost phone');
    const session = (key: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `${SITE_PATH}/gate/session?lang=en`,
        headers: { 'x-gate-key': key },
      });
    expect((await session(revoked.key)).statusCode).toBe(200);
    await revokeGateKey(ctx.db, revoked.id);
    expect((await session(revoked.key)).statusCode).toBe(401);
    expect((await scan(ctx.app, code, { key: revoked.key })).statusCode).toBe(401);
    // Nobody was admitted by any of these.
    const { rows } = await ctx.db.execute<{ status: string }>(
      sql`SELECT status FROM tickets WHERE id = ${tickets[0]!.id}`,
    );
    expect(rows[0]!.status).toBe('valid');
  });

  it('a key revoked in another process admits nobody even while this process still trusts it', async () => {
    const { tickets } = await reservation();
    const key = await createGateKey(ctx.db, 'DEMO', 'Revoked elsewhere');
    expect(
      resultOf(await scan(ctx.app, 'K1.1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAA', { key: key.key })),
    ).toBe('invalid');
    // What the CLI does, without clearing this process's cache.
    await ctx.db.execute(sql`UPDATE gate_keys SET revoked_at = now() WHERE id = ${key.id}`);
    const res = await scan(ctx.app, tickets[0]!.qr, { key: key.key });
    expect([res.statusCode, res.json()]).toEqual([401, { error: 'gate device not authorised' }]);
    forgetCachedGates();
  });
});

describe('read_qr: every result', () => {
  it('success, then used (with when it was admitted)', async () => {
    const { tickets } = await reservation(2);
    const first = checkInAnswerSchema.parse((await scan(ctx.app, tickets[0]!.qr)).json());
    expect(first).toMatchObject({ result: 'success', mode: 'gate', admitted: 1 });
    expect(first.ticket).toMatchObject({ id: tickets[0]!.id, product_name: 'Fixture product (en)' });
    const again = checkInAnswerSchema.parse((await scan(ctx.app, tickets[0]!.qr)).json());
    expect(again).toMatchObject({ result: 'used', admitted: 0 });
    expect(again.ticket!.checked_in_at).toBe(first.ticket!.checked_in_at);
    // The other ticket of the reservation is untouched in gate mode.
    expect(resultOf(await scan(ctx.app, tickets[1]!.qr))).toBe('success');
  });

  it('invalid_time outside the product’s entry window; inside it, success', async () => {
    const startsAt = new Date(Date.now() + 3 * 3600_000);
    const { tickets, slot } = await reservation(2, { startsAt });
    await ctx.db.execute(sql`UPDATE products SET entry_opens_minutes_before = 30 WHERE id = ${slot.id}`);
    const early = checkInAnswerSchema.parse((await scan(ctx.app, tickets[0]!.qr)).json());
    expect(early).toMatchObject({ result: 'invalid_time', admitted: 0 });
    // The slot started five minutes ago: inside the window at any hour of the day.
    await moveSlot(slot.spanId, new Date(Date.now() - 5 * 60_000));
    expect(resultOf(await scan(ctx.app, tickets[0]!.qr))).toBe('success');
    // Closed after the slot: a slot that ended an hour ago with no grace.
    await ctx.db.execute(sql`
      UPDATE time_spans SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour'
      WHERE id = ${slot.spanId}`);
    await ctx.db.execute(sql`UPDATE products SET entry_closes_minutes_after = 0 WHERE id = ${slot.id}`);
    expect(resultOf(await scan(ctx.app, tickets[1]!.qr))).toBe('invalid_time');
    // A used ticket says used, whatever the time.
    expect(resultOf(await scan(ctx.app, tickets[0]!.qr))).toBe('used');
  });

  it('invalid: forged, altered, moved (new secret) and cancelled tickets', async () => {
    const { tickets, token } = await reservation(3);
    const [a, b, c] = tickets as [(typeof tickets)[0], (typeof tickets)[0], (typeof tickets)[0]];
    const altered = a.qr.replace(/^K1\.\d+\./, `K1.${b.id}.`);
    const forged = `K1.${a.id}.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAA`;
    for (const code of [altered, forged, 'hello', a.qr.slice(0, -1) + (a.qr.endsWith('A') ? 'B' : 'A')]) {
      expect(checkInAnswerSchema.parse((await scan(ctx.app, code)).json())).toEqual({
        result: 'invalid',
        mode: 'gate',
        admitted: 0,
        ticket: null,
      });
    }
    // A moved ticket keeps a genuine signature on its old code, but its secret changed.
    await ctx.db.execute(sql`UPDATE tickets SET secret = 'ABCDEFGHIJKLMNOP' WHERE id = ${b.id}`);
    expect(resultOf(await scan(ctx.app, b.qr))).toBe('invalid');
    await ctx.db.execute(
      sql`UPDATE reservations SET status = 'cancelled' WHERE reservation_token = ${token}`,
    );
    expect(resultOf(await scan(ctx.app, c.qr))).toBe('invalid');
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM tickets WHERE id IN (${a.id}, ${b.id}, ${c.id}) AND status = 'used'`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('forged and altered codes are rejected without a database call', async () => {
    const { tickets } = await reservation();
    await scan(ctx.app, tickets[0]!.qr.replace(/.$/, 'Z')); // the device's key is now known to this process
    const query = vi.spyOn(ctx.db.$client, 'query');
    const connect = vi.spyOn(ctx.db.$client, 'connect');
    try {
      const forged = await scan(ctx.app, `K1.${tickets[0]!.id}.ABCDEFGHIJKLMNOP.ABCDEFGHIJKLMNOPQRSTUVWXYZ`);
      const altered = await scan(ctx.app, tickets[0]!.qr.replace('K1.', 'K1.9'));
      expect([resultOf(forged), resultOf(altered)]).toEqual(['invalid', 'invalid']);
      expect(query).not.toHaveBeenCalled();
      expect(connect).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
      connect.mockRestore();
    }
    // And in the domain: a database that throws on any use is never touched for a forged code.
    const untouchable = new Proxy({} as Db, {
      get() {
        throw new Error('the database was asked');
      },
    });
    const gate = { id: 1, site: 'DEMO' as const, label: 'x' };
    const body = {
      code: tickets[0]!.qr.replace(/\.[A-Z2-7]{26}$/, '.ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
      mode: 'gate' as const,
      nonce: nonce(),
      lang: 'en' as const,
    };
    expect((await scanTicket(untouchable, ctx.env.APP_SECRET, gate, body)).result).toBe('invalid');
  });
});

describe('ADR 111: every product has an entry window (the gate admitted a 10 December ticket on 28 November)', () => {
  const gateId = async () =>
    Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM gate_keys WHERE label = 'Test gate'`)).rows[0]!
        .id,
    );
  /** The one check-in as of `at` (the offline replay's clock), for a ticket whose QR code is `qr`. */
  const admitAt = async (qr: string, at: Date) => {
    const [, id, secret] = /^K1\.(\d+)\.([A-Z2-7]{16})\./.exec(qr)!;
    const outcome = await checkIn(ctx.db, {
      site: 'DEMO',
      gateId: await gateId(),
      nonce: nonce(),
      mode: 'gate',
      method: 'read_qr',
      ticketId: Number(id),
      secret: secret!,
      lang: 'en',
      offlineAt: at,
    });
    return outcome.answer.result;
  };
  /** Noon in Tokyo three days from now: a slot 12:00–12:30 JST, far from either midnight. */
  const tokyoNoon = () => {
    const day = new Date(Date.now() + 9 * 3600_000 + 3 * 86_400_000).toISOString().slice(0, 10);
    return new Date(`${day}T03:00:00.000Z`);
  };
  const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

  it('a product nobody configured (the demo products, a new one) refuses a ticket for another day', async () => {
    // The factory sets no window, as the demo seed does not: the column defaults apply.
    const { tickets, slot } = await reservation(1, { startsAt: tokyoNoon() });
    const { rows } = await ctx.db.execute<{ before: number; after: number }>(sql`
      SELECT entry_opens_minutes_before AS before, entry_closes_minutes_after AS after
      FROM products WHERE id = ${slot.id}`);
    expect(rows[0]).toEqual({ before: 30, after: 30 });
    const answer = checkInAnswerSchema.parse((await scan(ctx.app, tickets[0]!.qr)).json());
    expect(answer).toMatchObject({ result: 'invalid_time', admitted: 0 });
    const { rows: status } = await ctx.db.execute<{ status: string }>(
      sql`SELECT status FROM tickets WHERE id = ${tickets[0]!.id}`,
    );
    expect(status[0]!.status).toBe('valid');
  });

  it('the default margin and grace are 30 minutes around the slot', async () => {
    const noon = tokyoNoon();
    const { tickets } = await reservation(4, { startsAt: noon });
    const [a, b] = tickets.map((t) => t.qr) as [string, string];
    expect(await admitAt(a, minutes(noon, -31))).toBe('invalid_time');
    expect(await admitAt(a, minutes(noon, -29))).toBe('success');
    // The slot ends at 12:30; the grace runs to 13:00.
    expect(await admitAt(b, minutes(noon, 61))).toBe('invalid_time');
    expect(await admitAt(b, minutes(noon, 59))).toBe('success');
  });

  it('per-product margins widen or narrow the window, but never past the slot’s Tokyo day', async () => {
    const noon = tokyoNoon();
    const { tickets, slot } = await reservation(3, { startsAt: noon });
    const [a, b, c] = tickets.map((t) => t.qr) as [string, string, string];
    await ctx.db.execute(sql`
      UPDATE products SET entry_opens_minutes_before = 0, entry_closes_minutes_after = 0 WHERE id = ${slot.id}`);
    expect(await admitAt(a, minutes(noon, -1))).toBe('invalid_time');
    expect(await admitAt(a, minutes(noon, 31))).toBe('invalid_time');
    await ctx.db.execute(sql`
      UPDATE products SET entry_opens_minutes_before = 1440, entry_closes_minutes_after = 1440
      WHERE id = ${slot.id}`);
    // 00:00 JST is noon minus 12 hours; the evening before and the next morning stay closed.
    expect(await admitAt(a, minutes(noon, -12 * 60 - 1))).toBe('invalid_time');
    expect(await admitAt(b, minutes(noon, 12 * 60 + 1))).toBe('invalid_time');
    expect(await admitAt(a, minutes(noon, -12 * 60))).toBe('success');
    expect(await admitAt(c, minutes(noon, 12 * 60 - 1))).toBe('success');
  });

  /** Sets the slot's end `minutes` after its start (slots the factory makes are 30 minutes long). */
  const slotLasts = async (spanId: number, startsAt: Date, n: number) =>
    ctx.db.execute(
      sql`UPDATE time_spans SET ends_at = ${minutes(startsAt, n).toISOString()} WHERE id = ${spanId}`,
    );

  it('a whole-day slot (00:00 to the next 00:00) closes at midnight, not 30 minutes into the next day', async () => {
    const midnight = minutes(tokyoNoon(), -12 * 60);
    const { tickets, slot } = await reservation(2, { startsAt: midnight });
    await slotLasts(slot.spanId, midnight, 24 * 60);
    const [a, b] = tickets.map((t) => t.qr) as [string, string];
    expect(await admitAt(a, minutes(midnight, 24 * 60 + 1))).toBe('invalid_time');
    expect(await admitAt(b, minutes(midnight, 24 * 60 - 1))).toBe('success');
  });

  it('a slot crossing midnight (22:00 to 01:00) admits to its end and its grace (01:30), not later', async () => {
    const ten = minutes(tokyoNoon(), 10 * 60);
    const { tickets, slot } = await reservation(2, { startsAt: ten });
    await slotLasts(slot.spanId, ten, 3 * 60);
    const [a, b] = tickets.map((t) => t.qr) as [string, string];
    expect(await admitAt(a, minutes(ten, 3 * 60 + 31))).toBe('invalid_time');
    expect(await admitAt(a, minutes(ten, 3 * 60 + 29))).toBe('success');
    expect(await admitAt(b, minutes(ten, -31))).toBe('invalid_time');
  });

  it('the offline ticket list carries the same window for a product nobody configured', async () => {
    const startsAt = new Date(Date.now() + 3600_000);
    const { tickets } = await reservation(1, { startsAt });
    const listed = gateTicketListResponseSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `${SITE_PATH}/gate/ticket-list?lang=en`,
          headers: { 'x-gate-key': gateKey },
        })
      ).json(),
    );
    const entry = listed.tickets.find((t) => t.id === tickets[0]!.id)!;
    const dayStart = Date.parse(
      `${new Date(startsAt.getTime() + 9 * 3600_000).toISOString().slice(0, 10)}T00:00:00+09:00`,
    );
    expect(Date.parse(entry.opens_at!)).toBe(Math.max(startsAt.getTime() - 30 * 60_000, dayStart));
    expect(entry.closes_at).not.toBeNull();
  });
});

describe('exactly once', () => {
  it('100 concurrent scans of one ticket at two servers: exactly one success, 99 used', async () => {
    const { tickets } = await reservation();
    const other = await ctx.anotherApp();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => scan(i % 2 === 0 ? ctx.app : other, tickets[0]!.qr)),
    );
    const results = answers.map(resultOf);
    expect(results.filter((r) => r === 'success')).toHaveLength(1);
    expect(results.filter((r) => r === 'used')).toHaveLength(99);
    const { rows } = await ctx.db.execute<{ success: number; total: number }>(sql`
      SELECT count(*) FILTER (WHERE result = 'success')::int AS success, count(*)::int AS total
      FROM check_ins WHERE ticket_id = ${tickets[0]!.id}`);
    expect(rows[0]).toEqual({ success: 1, total: 100 });
  });

  it('set mode: the group enters once, concurrently scanned by its members at two gates', async () => {
    const { tickets } = await reservation(4);
    const answers = await Promise.all(
      tickets.flatMap((t) => [scan(ctx.app, t.qr, { mode: 'set' }), scan(ctx.app, t.qr, { mode: 'set' })]),
    );
    const parsed = answers.map((a) => checkInAnswerSchema.parse(a.json()));
    const wins = parsed.filter((a) => a.result === 'success');
    expect(wins.reduce((n, a) => n + a.admitted, 0)).toBe(4);
    expect(parsed.filter((a) => a.result === 'used')).toHaveLength(8 - wins.length);
  });

  it('a retried request (same nonce) answers the first answer, even at once and after the ticket changed', async () => {
    const { tickets } = await reservation();
    const id = nonce();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => scan(ctx.app, tickets[0]!.qr, { nonce: id })),
    );
    const bodies = answers.map((a) => checkInAnswerSchema.parse(a.json()));
    expect(bodies.every((b) => b.result === 'success')).toBe(true);
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    // A fresh nonce sees the truth.
    expect(resultOf(await scan(ctx.app, tickets[0]!.qr))).toBe('used');
    expect(resultOf(await scan(ctx.app, tickets[0]!.qr, { nonce: id }))).toBe('success');
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM check_ins WHERE nonce = ${id}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('the domain function alone: concurrent calls for one ticket admit it once', async () => {
    const { tickets } = await reservation();
    const [, id, secret] = /^K1\.(\d+)\.([A-Z2-7]{16})\./.exec(tickets[0]!.qr)!;
    const gateId = Number(
      (await ctx.db.execute<{ id: number }>(sql`SELECT id FROM gate_keys WHERE label = 'Test gate'`)).rows[0]!
        .id,
    );
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () =>
        checkIn(ctx.db, {
          site: 'DEMO',
          gateId,
          nonce: nonce(),
          mode: 'gate',
          method: 'read_qr',
          ticketId: Number(id),
          secret: secret!,
          lang: 'ja',
        }),
      ),
    );
    expect(outcomes.filter((o) => o.answer.result === 'success')).toHaveLength(1);
  });
});

describe('tap_ticket: the visitor’s phone, admitted by staff with the tap code', () => {
  const tapUrl = (token: string, id: number) => `${SITE_PATH}/check-ins/${token}/${id}`;
  const tap = (token: string, id: number, tapCode: string, mode: 'gate' | 'set' = 'gate') =>
    ctx.app.inject({
      method: 'POST',
      url: tapUrl(token, id),
      headers: xsrfHeaders(),
      remoteAddress: visitorAddress(),
      payload: { mode, tap_code: tapCode, nonce: nonce(), lang: 'ja' },
    });
  const status = async (token: string, id: number, mode = 'gate') =>
    checkInAnswerSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `${tapUrl(token, id)}?mode=${mode}&lang=ja` })).json(),
    );

  it('available → (wrong code refused) → success → used; another reservation’s token cannot name the ticket', async () => {
    const { token, tickets } = await reservation(2);
    const session = gateSessionResponseSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `${SITE_PATH}/gate/session?lang=en`,
          headers: { 'x-gate-key': gateKey },
        })
      ).json(),
    );
    expect(session.label).toBe('Test gate');
    const id = tickets[0]!.id;
    expect((await status(token, id)).result).toBe('available');

    const wrong = String((Number(session.tap_code) + 1) % 100_000_000).padStart(8, '0');
    const refused = await tap(token, id, wrong);
    expect([refused.statusCode, refused.json()]).toEqual([401, { error: 'gate device not authorised' }]);
    expect((await status(token, id)).result).toBe('available');

    const other = await reservation();
    expect((await tap(other.token, id, session.tap_code)).json()).toEqual({ error: 'ticket not found' });

    const admitted = checkInAnswerSchema.parse((await tap(token, id, session.tap_code)).json());
    expect(admitted).toMatchObject({ result: 'success', admitted: 1 });
    expect((await status(token, id)).result).toBe('used');
    expect(resultOf(await tap(token, id, session.tap_code))).toBe('used');
    // Its QR code is used too: one ticket, one admission, whichever way.
    expect(resultOf(await scan(ctx.app, tickets[0]!.qr))).toBe('used');
    // Set mode admits the rest of the group.
    const group = checkInAnswerSchema.parse(
      (await tap(token, tickets[1]!.id, session.tap_code, 'set')).json(),
    );
    expect(group).toMatchObject({ result: 'success', admitted: 1 });
  });

  it('status shows invalid_time and invalid', async () => {
    const { token, tickets, slot } = await reservation(1, { startsAt: new Date(Date.now() + 5 * 3600_000) });
    await ctx.db.execute(sql`UPDATE products SET entry_opens_minutes_before = 60 WHERE id = ${slot.id}`);
    expect((await status(token, tickets[0]!.id)).result).toBe('invalid_time');
    await ctx.db.execute(sql`UPDATE reservations SET status = 'refunded' WHERE reservation_token = ${token}`);
    expect((await status(token, tickets[0]!.id)).result).toBe('invalid');
  });

  it('bad input is refused with the one error body', async () => {
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/check-ins/x/abc?mode=door&lang=ja`,
    });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'invalid request']);
    const res = await tap('nope', 1, '1234');
    expect(res.statusCode).toBe(400);
  });
});

describe('offline: the ticket list and the replay of queued check-ins', () => {
  const list = async () =>
    gateTicketListResponseSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `${SITE_PATH}/gate/ticket-list?lang=en`,
          headers: { 'x-gate-key': gateKey },
        })
      ).json(),
    );
  const sync = (items: { code: string; nonce: string; scanned_at: string; mode?: 'gate' | 'set' }[]) =>
    ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/gate/check-ins/sync`,
      headers: { ...xsrfHeaders(), 'x-gate-key': gateKey },
      payload: { check_ins: items.map((i) => ({ mode: 'gate', ...i })), lang: 'en' },
    });

  it('lists today’s tickets by the digest of their signed part, never a key or a secret', async () => {
    const { tickets } = await reservation(2, { startsAt: new Date(Date.now() + 3600_000) });
    const listed = await list();
    const entry = listed.tickets.find((t) => t.id === tickets[0]!.id)!;
    const signedPart = tickets[0]!.qr.replace(/\.[A-Z2-7]{26}$/, '');
    expect(entry.digest).toBe(createHash('sha256').update(signedPart).digest('hex'));
    expect(JSON.stringify(listed)).not.toContain(signedPart.split('.')[2]!);
    const far = await reservation(1, { startsAt: new Date(Date.now() + 10 * 86_400_000) });
    expect(listed.tickets.some((t) => t.id === far.tickets[0]!.id)).toBe(false);
    const unauthorised = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/gate/ticket-list?lang=en`,
    });
    expect(unauthorised.statusCode).toBe(401);
  });

  it('replays the queue: admitted once, tickets admitted twice reported, a second sync answers the same', async () => {
    const { tickets } = await reservation(3);
    // Another gate admitted ticket 2 online while this one was offline and let it in too.
    expect(resultOf(await scan(ctx.app, tickets[1]!.qr))).toBe('success');
    const at = new Date(Date.now() - 2 * 60_000).toISOString();
    const queue = [
      { code: tickets[0]!.qr, nonce: nonce(), scanned_at: at },
      { code: tickets[1]!.qr, nonce: nonce(), scanned_at: at },
      { code: tickets[0]!.qr, nonce: nonce(), scanned_at: at },
      { code: withAlteredSignature(tickets[2]!.qr), nonce: nonce(), scanned_at: at },
    ];
    const first = gateSyncResponseSchema.parse((await sync(queue)).json());
    expect(first.results.map((r) => [r.result, r.admitted_twice])).toEqual([
      ['success', false],
      ['used', true],
      ['used', true],
      ['invalid', true],
    ]);
    const { rows } = await ctx.db.execute<{ checked_in_at: string }>(
      sql`SELECT checked_in_at FROM tickets WHERE id = ${tickets[0]!.id}`,
    );
    expect(new Date(rows[0]!.checked_in_at).toISOString()).toBe(at);
    const again = gateSyncResponseSchema.parse((await sync(queue)).json());
    expect(again).toEqual(first);
  });
});

describe('mode reconnect (ADR 112)', () => {
  it('RUINS, whose gates run on outdoor Wi-Fi, is in reconnect mode; DEMO in demo, BORDERLESS in none', async () => {
    const modeOf = async (slug: string) =>
      configurationResponseSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: `/${slug}/api/v1/configurations` })).json(),
      ).mode;
    expect(await modeOf('ruins')).toBe('reconnect');
    expect(await modeOf('demo')).toBe('demo');
    expect(await modeOf('borderless')).toBeNull();
  });
});
