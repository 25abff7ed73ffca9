import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VISITOR_COOKIE,
  waitingRoomCookieName,
  type WaitingRoomEntry,
  type WaitingRoomState,
} from '@kippu/contract';
import type { App } from '../../app.ts';
import { joinQueue } from '../../domain/waiting-room/queue-store.ts';
import { signQueueToken } from '../../domain/waiting-room/queue-token.ts';
import { newVisitorCookie } from '../../plugins/visitor-id.ts';
import { waitingRoomOf } from '../../plugins/waiting-room-gate.ts';
import { setupTestApp, visitorAddress } from '../../../test/helper.ts';
import { orderBody, productWithSlot, SITE_PATH } from '../../../test/order-support.ts';

const ctx = setupTestApp();
const XSRF = 'test-xsrf-token';
type Product = Awaited<ReturnType<typeof productWithSlot>>;

/** A visitor: one address, and the place token its browser keeps (the cookie the join set). */
interface Visitor {
  address: string;
  token?: string;
}

function cookieHeader(product: Product, visitor: Visitor, extra: Record<string, string> = {}) {
  const cookies = [`XSRF-TOKEN=${XSRF}`];
  if (visitor.token) cookies.push(`${waitingRoomCookieName(product.id)}=${visitor.token}`);
  return { cookie: cookies.join('; '), 'x-xsrf-token': XSRF, ...extra };
}

/** Joins naming the product by uuid (the SPA) or by id (API clients, the bench). */
async function join(
  app: App,
  product: Product,
  visitor: Visitor,
  by: 'uuid' | 'id' = 'uuid',
): Promise<WaitingRoomEntry> {
  const response = await app.inject({
    method: 'POST',
    url: `${SITE_PATH}/waiting-room/entries`,
    headers: cookieHeader(product, visitor),
    remoteAddress: visitor.address,
    payload: by === 'uuid' ? { product_uuid: product.uuid } : { product_id: product.id },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  const body = response.json<WaitingRoomEntry>();
  expect(body).toMatchObject({ product_id: product.id, product_uuid: product.uuid });
  const cookie = response.cookies.find((c) => c.name === waitingRoomCookieName(product.id));
  if (body.token !== '') {
    expect(cookie?.value).toBe(body.token);
    expect(cookie?.httpOnly).toBe(true);
    visitor.token = body.token;
  }
  return body;
}

function current(
  app: App,
  product: Product,
  visitor: Visitor,
  wait: boolean | WaitingRoomState = false,
  headers = {},
) {
  const poll = wait === false ? '' : wait === true ? '&wait=1' : `&wait=1&seen=${wait}`;
  return app.inject({
    method: 'GET',
    url: `${SITE_PATH}/waiting-room/entries/current?product_id=${product.id}${poll}`,
    headers: { ...cookieHeader(product, visitor), ...headers },
    remoteAddress: visitor.address,
  });
}

async function place(app: App, product: Product, visitor: Visitor): Promise<WaitingRoomEntry> {
  const response = await current(app, product, visitor);
  expect(response.statusCode).toBe(200);
  return response.json<WaitingRoomEntry>();
}

function order(app: App, product: Product, visitor: Visitor, headers = {}) {
  return app.inject({
    method: 'POST',
    url: `${SITE_PATH}/orders`,
    headers: cookieHeader(product, visitor, headers),
    remoteAddress: visitor.address,
    payload: orderBody(product, 1),
  });
}

async function queuedProduct(capacity = 50): Promise<Product> {
  const product = await productWithSlot(ctx.db, capacity);
  await ctx.db.execute(sql`UPDATE products SET waiting_room_enabled = true WHERE id = ${product.id}`);
  for (const app of apps()) waitingRoomOf(app).forgetInForce();
  return product;
}

let second: App;
/** Admission bounded by the outstanding admissions alone: one at a time, in order, at each step. */
const ONE_AT_A_TIME = {
  timers: false,
  automaticAdmitPerMinute: 600_000,
  maxOutstandingAdmissions: 1,
  positionNoticeMs: 0,
};
const apps = () => [ctx.app, second];
const visitors = (n: number): Visitor[] => Array.from({ length: n }, () => ({ address: visitorAddress() }));
/** One admission step (one process advances; which one does not matter: PostgreSQL orders them). */
const tick = (app: App = ctx.app) => waitingRoomOf(app).tick();

describe('the waiting room (issue 31, ADR 095)', () => {
  beforeAll(async () => {
    // A second server process on the same database: its own waiting room, caches and long polls.
    second = await ctx.anotherApp();
    for (const app of apps()) waitingRoomOf(app).configure(ONE_AT_A_TIME);
  });
  afterAll(() => undefined);

  it('admits first come, first served; reloads and other tabs keep the place, never improve it', async () => {
    const product = await queuedProduct();
    const [a, b, c] = visitors(3);
    expect((await join(ctx.app, product, a!)).position).toBe(1);
    // The second process hands out the next position of the same queue.
    expect((await join(second, product, b!, 'id')).position).toBe(2);
    expect((await join(ctx.app, product, c!)).position).toBe(3);
    // A reload (the cookie) and an API client (the header) keep their places.
    expect(await join(second, product, a!)).toMatchObject({ state: 'waiting', position: 1, token: a!.token });
    const byHeader = await current(ctx.app, product, { address: b!.address }, false, {
      'kippu-queue-token': b!.token,
    });
    expect(byHeader.json()).toMatchObject({ state: 'waiting', position: 2 });

    await tick(second);
    expect(await place(ctx.app, product, a!)).toMatchObject({ state: 'admitted', position: null });
    expect(await place(ctx.app, product, b!)).toMatchObject({ state: 'waiting', position: 1 });
    expect(await place(second, product, c!)).toMatchObject({ state: 'waiting', position: 2 });
    // Nobody else is let through while A has not held (one outstanding admission at most).
    await tick();
    expect((await place(ctx.app, product, b!)).state).toBe('waiting');

    const held = await order(ctx.app, product, a!);
    expect(held.statusCode).toBe(201);
    // Its one hold used the admission: a second hold answers expired, the place shows it.
    const again = await order(second, product, a!);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'waiting room admission expired' });
    expect((await place(ctx.app, product, a!)).state).toBe('expired');

    await tick(second);
    expect((await place(ctx.app, product, b!)).state).toBe('admitted');
    expect((await place(ctx.app, product, c!)).position).toBe(1);
  });

  it('gives concurrent joins in two processes distinct positions, and admits in position order past a gap', async () => {
    const product = await queuedProduct(100);
    const crowd = visitors(24);
    // Positions come from the run's own sequence (migration 1080): joins do not queue on the queue row.
    const places = await Promise.all(
      crowd.map((visitor, i) => join(i % 2 === 0 ? ctx.app : second, product, visitor, 'id')),
    );
    const positions = places.map((p) => p.position!).sort((x, y) => x - y);
    expect(positions).toEqual(Array.from({ length: crowd.length }, (_, i) => i + 1));
    // A position drawn and never placed (a second tab of a visitor already in line): a gap.
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      SELECT id FROM waiting_room_queues WHERE product_id = ${product.id} AND ended_at IS NULL`);
    await ctx.db.execute(sql.raw(`SELECT nextval('waiting_room_positions_${Number(rows[0]!.id)}')`));
    const late = { address: visitorAddress() };
    expect((await join(second, product, late)).position).toBe(crowd.length + 2);
    waitingRoomOf(ctx.app).configure({ maxOutstandingAdmissions: crowd.length });
    try {
      await tick();
      const states = await Promise.all(crowd.map(async (v) => (await place(ctx.app, product, v)).state));
      expect(new Set(states)).toEqual(new Set(['admitted']));
      expect((await place(ctx.app, product, late)).state).toBe('waiting');
      // One more admission goes to the next place in line, across the gap.
      waitingRoomOf(ctx.app).configure({ maxOutstandingAdmissions: crowd.length + 1 });
      await tick();
      expect((await place(second, product, late)).state).toBe('admitted');
    } finally {
      waitingRoomOf(ctx.app).configure({ maxOutstandingAdmissions: 1 });
    }
  });

  it('admits in the order the server processes read the joins, not the order their positions were drawn (ADR 095 addendum)', async () => {
    const product = await queuedProduct();
    // Two joins as two processes deliver them: the one read first reaches PostgreSQL a second later (its
    // process's joins queued behind the rate limit, the join bound and the pool), so it draws the later
    // position. It arrived first: it is admitted first.
    const statesOf = async (ids: number[]) => {
      const { rows } = await ctx.db.execute<{ id: number; state: string }>(sql`
        SELECT id, state FROM waiting_room_entries WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[])`);
      return Object.fromEntries(rows.map((row) => [Number(row.id), row.state]));
    };
    const now = Date.now();
    const read = { site: 'DEMO', productId: product.id, visitorKey: null };
    const later = await joinQueue(ctx.db, { ...read, arrivedAt: new Date(now) });
    const earlier = await joinQueue(ctx.db, { ...read, arrivedAt: new Date(now - 1000) });
    expect(earlier!.entry.position).toBeGreaterThan(later!.entry.position);
    await tick();
    expect(await statesOf([earlier!.entry.id, later!.entry.id])).toEqual({
      [earlier!.entry.id]: 'admitted',
      [later!.entry.id]: 'waiting',
    });
  });

  it('takes the positions of concurrent joins of a known run in a few statements, two tabs one place (ADR 095 addendum)', async () => {
    const product = await queuedProduct();
    // The first join opens the run (one by one); then every process's snapshot names it.
    expect((await join(ctx.app, product, { address: visitorAddress() })).position).toBe(1);
    for (const app of apps()) waitingRoomOf(app).forgetInForce();
    const batchers = apps().map((app) => waitingRoomOf(app).joins);
    const before = batchers.map((batcher) => batcher.statements);
    const crowd = visitors(30);
    const tabs = `${VISITOR_COOKIE}=${newVisitorCookie(ctx.env.APP_SECRET)}`;
    const tab = (app: App) =>
      app.inject({
        method: 'POST',
        url: `${SITE_PATH}/waiting-room/entries`,
        headers: { cookie: `XSRF-TOKEN=${XSRF}; ${tabs}`, 'x-xsrf-token': XSRF },
        remoteAddress: visitorAddress(),
        payload: { product_uuid: product.uuid },
      });
    const [places, tabA, tabB] = await Promise.all([
      Promise.all(crowd.map((visitor, i) => join(i % 2 === 0 ? ctx.app : second, product, visitor, 'id'))),
      tab(ctx.app),
      tab(ctx.app),
    ]);
    // Both tabs of one visitor at once: one place; with the crowd, 31 places after the first.
    expect(tabA.json<WaitingRoomEntry>().token).toBe(tabB.json<WaitingRoomEntry>().token);
    const positions = [...places.map((p) => p.position!), tabA.json<WaitingRoomEntry>().position!];
    expect(positions.sort((x, y) => x - y)).toEqual(Array.from({ length: 31 }, (_, i) => i + 2));
    // One statement per join before: 16 in each process.
    const statements = batchers.map((batcher, i) => batcher.statements - before[i]!);
    expect(statements.every((n) => n >= 1 && n <= 4)).toBe(true);
    // A restarted process answers the visitor the same place.
    const restarted = await ctx.anotherApp();
    waitingRoomOf(restarted).configure(ONE_AT_A_TIME);
    expect((await tab(restarted)).json<WaitingRoomEntry>().token).toBe(tabA.json<WaitingRoomEntry>().token);
  });

  it('reads the places of many concurrent polls in a few statements, each its own place (ADR 095 addendum)', async () => {
    const product = await queuedProduct();
    const crowd = visitors(20);
    for (const visitor of crowd) await join(ctx.app, product, visitor);
    const reader = waitingRoomOf(ctx.app).places;
    const before = reader.reads;
    const answers = await Promise.all(crowd.map((visitor) => place(ctx.app, product, visitor)));
    expect(answers.map((answer) => answer.position)).toEqual(crowd.map((_, i) => i + 1));
    expect(answers.map((answer) => answer.token)).toEqual(crowd.map((visitor) => visitor.token));
    // One statement per poll before: 20.
    expect(reader.reads - before).toBeLessThanOrEqual(4);
  });

  it('admits no more visitors at once than seats are left, so the last seats go in queue order', async () => {
    const product = await queuedProduct(2);
    const queue = visitors(4);
    for (const visitor of queue) await join(ctx.app, product, visitor);
    waitingRoomOf(ctx.app).configure({ maxOutstandingAdmissions: 100 });
    try {
      await tick();
      const states = await Promise.all(queue.map(async (v) => (await place(ctx.app, product, v)).state));
      expect(states).toEqual(['admitted', 'admitted', 'waiting', 'waiting']);
      expect((await order(ctx.app, product, queue[0]!)).statusCode).toBe(201);
      await tick();
      // One seat left and one admitted visitor who has not held it yet: nobody else yet.
      expect((await place(ctx.app, product, queue[2]!)).state).toBe('waiting');
      // The second visitor's hold is in flight: the gate used the admission, the order is not committed
      // (claimAdmission's state until recordAdmissionOrder). Its seat is not held yet, but it is spoken
      // for: still nobody else (ADR 095 addendum; before, the step admitted one more here).
      const entryId = Number(queue[1]!.token!.split('.')[2]);
      await ctx.db.execute(sql`
        UPDATE waiting_room_entries SET state = 'used', used_at = now(), used_by_order = NULL
         WHERE id = ${entryId}`);
      await tick();
      expect((await place(ctx.app, product, queue[2]!)).state).toBe('waiting');
    } finally {
      waitingRoomOf(ctx.app).configure({ maxOutstandingAdmissions: 1 });
    }
  });

  it('answers the same place to the same visitor id without its queue cookie (another browser tab, cleared cookie)', async () => {
    const product = await queuedProduct();
    const visitorCookie = `${VISITOR_COOKIE}=${newVisitorCookie(ctx.env.APP_SECRET)}`;
    const joinAs = async (app: App) =>
      (
        await app.inject({
          method: 'POST',
          url: `${SITE_PATH}/waiting-room/entries`,
          headers: { cookie: `XSRF-TOKEN=${XSRF}; ${visitorCookie}`, 'x-xsrf-token': XSRF },
          remoteAddress: visitorAddress(),
          payload: { product_uuid: product.uuid },
        })
      ).json<WaitingRoomEntry>();
    await join(ctx.app, product, { address: visitorAddress() });
    const first = await joinAs(ctx.app);
    expect(first).toMatchObject({ state: 'waiting', position: 2 });
    await join(ctx.app, product, { address: visitorAddress() });
    expect(await joinAs(second)).toMatchObject({ state: 'waiting', position: 2, token: first.token });
  });

  it('refuses a hold without an admitted place: no token, still waiting, or a tampered token', async () => {
    const product = await queuedProduct();
    const [a, b] = visitors(2);
    await join(ctx.app, product, a!);
    await join(ctx.app, product, b!);
    const none = await order(ctx.app, product, { address: visitorAddress() });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: 'waiting room required' });
    await tick();
    expect((await order(ctx.app, product, b!)).json()).toEqual({ error: 'waiting room required' });
    // B copies A's admitted token but changes one character of its signature: it names nothing.
    const last = a!.token!.at(-1) === 'A' ? 'B' : 'A';
    const tampered = { address: b!.address, token: `${a!.token!.slice(0, -1)}${last}` };
    expect((await current(ctx.app, product, tampered)).statusCode).toBe(404);
    expect((await order(ctx.app, product, tampered)).json()).toEqual({ error: 'waiting room required' });
    // A token of another product, or signed for another site, is no token either.
    const other = await queuedProduct();
    const foreignProduct = { address: a!.address, token: a!.token };
    expect(
      (await current(ctx.app, other, foreignProduct, false, { 'kippu-queue-token': a!.token })).statusCode,
    ).toBe(404);
    const entryId = Number(a!.token!.split('.')[2]);
    const otherSite = signQueueToken(ctx.env.APP_SECRET, 'OTHER', { productId: product.id, entryId });
    expect((await current(ctx.app, product, { address: a!.address, token: otherSite })).statusCode).toBe(404);
    expect(
      (await current(ctx.app, product, { address: a!.address, token: 'q1.1.1.not-base64url-at-all!' }))
        .statusCode,
    ).toBe(404);
    // The real token still works: A holds.
    expect((await order(ctx.app, product, a!)).statusCode).toBe(201);
  });

  it('gives the admission back when the hold fails, and expires it after its window', async () => {
    const product = await queuedProduct(1);
    const [a, b, c] = visitors(3);
    for (const visitor of [a, b, c]) await join(ctx.app, product, visitor!);
    await tick();
    // Two tickets of a one-seat slot: out of stock, and A keeps the admission for another try.
    const tooMany = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/orders`,
      headers: cookieHeader(product, a!),
      remoteAddress: a!.address,
      payload: orderBody(product, 2),
    });
    expect(tooMany.statusCode).toBe(409);
    expect((await place(ctx.app, product, a!)).state).toBe('admitted');

    // A lets the window pass: expired, refused, and the place goes to the next.
    await ctx.db.execute(sql`
      UPDATE waiting_room_entries SET admitted_until = now() - interval '1 second'
       WHERE id = ${Number(a!.token!.split('.')[2])}`);
    expect((await place(ctx.app, product, a!)).state).toBe('expired');
    expect((await order(ctx.app, product, a!)).json()).toEqual({ error: 'waiting room admission expired' });
    await tick();
    expect((await place(ctx.app, product, b!)).state).toBe('admitted');
    // Joining again puts A at the back, behind C.
    expect(await join(ctx.app, product, a!)).toMatchObject({ state: 'waiting', position: 2 });
  });

  it('tells everyone waiting, in every process, that it sold out only once nothing can come back; the places hold over a restart', async () => {
    const product = await queuedProduct(1);
    const [a, ...rest] = visitors(5);
    await join(ctx.app, product, a!);
    for (const visitor of rest) await join(second, product, visitor);
    await tick();
    // Position notices as production spaces them (10 s): the check skips a waiter with nothing new to
    // tell, and sold out must still reach every one of them at the next check.
    for (const app of apps()) waitingRoomOf(app).configure({ positionNoticeMs: 10_000 });
    try {
      // Long polls open in both processes before the last seat goes.
      const polls = rest.map((visitor, i) => current(i % 2 === 0 ? ctx.app : second, product, visitor, true));
      await until(() => waitingRoomOf(ctx.app).waiting + waitingRoomOf(second).waiting === rest.length);
      expect((await order(ctx.app, product, a!)).statusCode).toBe(201);
      // The last seat is only held (it may lapse): nobody is told sold out, nobody more is admitted.
      await tick(second);
      await Promise.all(apps().map((app) => waitingRoomOf(app).checkWaiters()));
      expect(waitingRoomOf(ctx.app).waiting + waitingRoomOf(second).waiting).toBe(rest.length);
      expect(await place(ctx.app, product, rest[0]!)).toMatchObject({ state: 'waiting', position: 1 });
      // The hold is paid: now nothing can come back.
      await ctx.db.execute(sql`UPDATE time_spans SET held = 0, sold = 1 WHERE id = ${product.spanId}`);
      await tick(second);
      await Promise.all(apps().map((app) => waitingRoomOf(app).checkWaiters()));
      for (const answer of await Promise.all(polls)) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toMatchObject({ state: 'sold_out', position: null });
      }
    } finally {
      for (const app of apps()) waitingRoomOf(app).configure({ positionNoticeMs: 0 });
    }
    // A new process (a restart) reads the same places from PostgreSQL.
    const restarted = await ctx.anotherApp();
    waitingRoomOf(restarted).configure(ONE_AT_A_TIME);
    expect((await place(restarted, product, rest[0]!)).state).toBe('sold_out');
    // A poll that last saw `waiting` is told at once (the change came between its polls) ...
    const late = await current(restarted, product, rest[1]!, 'waiting');
    expect(late.json()).toMatchObject({ state: 'sold_out' });
    expect(waitingRoomOf(restarted).waiting).toBe(0);
    // ... one that saw sold out parks (it can change back).
    const parked = current(restarted, product, rest[0]!, 'sold_out');
    await until(() => waitingRoomOf(restarted).waiting === 1);
    // A refund: the seat returns, the queue reopens and admits the next in order.
    await ctx.db.execute(sql`UPDATE time_spans SET sold = 0 WHERE id = ${product.spanId}`);
    await tick(restarted);
    await waitingRoomOf(restarted).checkWaiters();
    expect((await parked).json()).toMatchObject({ state: 'admitted' });
    expect((await place(restarted, product, rest[0]!)).state).toBe('admitted');
    expect((await place(restarted, product, rest[1]!)).position).toBe(1);
  });

  it('skips places whose visitor stopped asking, so a returned seat reaches someone still there (review finding 1)', async () => {
    const product = await queuedProduct();
    const [a, b, c] = visitors(3);
    for (const visitor of [a, b, c]) await join(ctx.app, product, visitor!);
    await tick();
    expect((await order(ctx.app, product, a!)).statusCode).toBe(201);
    // B closed the tab two minutes ago: no join, read or poll since.
    await ctx.db.execute(sql`
      UPDATE waiting_room_entries SET last_seen_at = now() - interval '2 minutes'
       WHERE id = ${Number(b!.token!.split('.')[2])}`);
    await tick();
    expect((await place(ctx.app, product, c!)).state).toBe('admitted');
    expect((await place(ctx.app, product, b!)).state).toBe('expired');
  });

  it('answers parked long polls as shutdown begins, not after the long-poll time (review finding 7)', async () => {
    const product = await queuedProduct();
    const closing = await ctx.anotherApp();
    waitingRoomOf(closing).configure({ ...ONE_AT_A_TIME, longPollMs: 600_000 });
    const a: Visitor = { address: visitorAddress() };
    await join(closing, product, a);
    const base = await closing.listen({ port: 0, host: '127.0.0.1' });
    const poll = fetch(`${base}${SITE_PATH}/waiting-room/entries/current?product_id=${product.id}&wait=1`, {
      headers: { cookie: `${waitingRoomCookieName(product.id)}=${a.token}` },
    });
    await until(() => waitingRoomOf(closing).waiting === 1);
    // The HTTP server's close waits for requests in flight: the poll must be answered before it (preClose).
    const [answer] = await Promise.all([poll, closing.close()]);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ state: 'waiting', position: 1 });
  });

  it('lets an admitted visitor cancel their hold and hold again within the window (review finding 2)', async () => {
    const product = await queuedProduct(5);
    const [a] = visitors(1);
    await join(ctx.app, product, a!);
    await tick();
    const first = await order(ctx.app, product, a!);
    expect(first.statusCode).toBe(201);
    // A second hold while the first is live: one live hold at a time.
    expect((await order(ctx.app, product, a!)).json()).toEqual({ error: 'waiting room admission expired' });
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `${SITE_PATH}/orders/${first.json<{ order_token: string }>().order_token}`,
      headers: cookieHeader(product, a!),
      remoteAddress: a!.address,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await order(ctx.app, product, a!)).statusCode).toBe(201);
    // Past the window the admission covers nothing more.
    await ctx.db.execute(sql`
      UPDATE waiting_room_entries SET admitted_until = now() - interval '1 second'
       WHERE id = ${Number(a!.token!.split('.')[2])}`);
    await ctx.db.execute(sql`UPDATE orders SET status = 'cancelled'
     WHERE id = (SELECT used_by_order FROM waiting_room_entries WHERE id = ${Number(a!.token!.split('.')[2])})`);
    expect((await order(ctx.app, product, a!)).json()).toEqual({ error: 'waiting room admission expired' });
  });

  it('keeps one parked long poll per place, bounds the join queue, and stores no raw visitor id', async () => {
    const product = await queuedProduct();
    const visitorId = newVisitorCookie(ctx.env.APP_SECRET);
    const a: Visitor = { address: visitorAddress() };
    const joined = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/waiting-room/entries`,
      headers: { cookie: `XSRF-TOKEN=${XSRF}; ${VISITOR_COOKIE}=${visitorId}`, 'x-xsrf-token': XSRF },
      remoteAddress: a.address,
      payload: { product_uuid: product.uuid },
    });
    a.token = joined.json<WaitingRoomEntry>().token;
    const { rows } = await ctx.db.execute<{ visitor_key: string }>(sql`
      SELECT visitor_key FROM waiting_room_entries WHERE id = ${Number(a.token.split('.')[2])}`);
    expect(rows[0]!.visitor_key).toMatch(/^v\./);
    expect(rows[0]!.visitor_key).not.toContain(visitorId.split('.')[0]);

    const room = waitingRoomOf(ctx.app);
    const older = current(ctx.app, product, a, true);
    await until(() => room.waiting === 1);
    const newer = current(ctx.app, product, a, true);
    // The second poll of the place answers the first at once; only one stays parked.
    expect((await older).json()).toMatchObject({ state: 'waiting', position: 1 });
    expect(room.waiting).toBe(1);
    room.configure({ maxParkedPolls: 1 });
    try {
      const third = await current(ctx.app, product, { address: visitorAddress() }, true, {
        'kippu-queue-token': (await join(ctx.app, product, { address: visitorAddress() })).token,
      });
      expect(third.statusCode).toBe(503);
      expect(third.headers['retry-after']).toBe('1');
    } finally {
      room.configure({ ...ONE_AT_A_TIME, maxParkedPolls: 20_000 });
    }
    await room.checkWaiters();
    room.configure({ maxWaitingJoins: 0 });
    try {
      const busy = await ctx.app.inject({
        method: 'POST',
        url: `${SITE_PATH}/waiting-room/entries`,
        headers: cookieHeader(product, { address: '' }),
        remoteAddress: visitorAddress(),
        payload: { product_uuid: product.uuid },
      });
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toEqual({ error: 'server busy' });
    } finally {
      room.configure({ maxWaitingJoins: 2_000 });
    }
    await tick();
    await room.checkWaiters();
    expect((await newer).json()).toMatchObject({ state: 'admitted' });
  });

  it('answers a long poll when the place is admitted, and after at most the long-poll time unchanged', async () => {
    const product = await queuedProduct();
    const [a, b] = visitors(2);
    await join(ctx.app, product, a!);
    await join(ctx.app, product, b!);
    const polled = current(second, product, a!, true);
    await until(() => waitingRoomOf(second).waiting === 1);
    await tick();
    await waitingRoomOf(second).checkWaiters();
    const answer = (await polled).json<WaitingRoomEntry>();
    expect(answer.state).toBe('admitted');
    expect(Date.parse(answer.admitted_until!)).toBeGreaterThan(Date.now());
    waitingRoomOf(second).configure({ longPollMs: 50 });
    try {
      expect((await current(second, product, b!, true)).json()).toMatchObject({
        state: 'waiting',
        position: 1,
      });
    } finally {
      waitingRoomOf(second).configure({ longPollMs: 20_000 });
    }
  });

  it('lets exempt channels past (a kiosk order meets its own device check, not the queue)', async () => {
    const product = await queuedProduct();
    const kiosk = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/orders`,
      headers: { cookie: `XSRF-TOKEN=${XSRF}; kippu_kiosk=not-a-paired-device`, 'x-xsrf-token': XSRF },
      remoteAddress: visitorAddress(),
      payload: orderBody(product, 1, { channel: 'kiosk' }),
    });
    expect(kiosk.json()).toEqual({ error: 'kiosk device not authorised' });
  });

  it('never engages by itself with WAITING_ROOM_AUTOMATIC=off', async () => {
    const product = await productWithSlot(ctx.db, 100);
    const room = waitingRoomOf(ctx.app);
    expect(room.timing.automatic).toBe(true);
    room.configure({ automatic: false, automaticHoldsPerSecond: 1 });
    room.clock = () => 2_000_000;
    try {
      for (let i = 0; i < 4; i++) {
        expect((await order(ctx.app, product, { address: visitorAddress() })).statusCode).toBe(201);
      }
      room.forgetInForce();
      expect(await room.queueFor('DEMO', { id: product.id })).toBeUndefined();
    } finally {
      room.clock = Date.now;
      room.configure({ automatic: true, automaticHoldsPerSecond: 200 });
    }
  });

  it('engages by itself under pressure, and ends once it cooled down with nobody waiting', async () => {
    const product = await productWithSlot(ctx.db, 100);
    const room = waitingRoomOf(ctx.app);
    const status = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `${SITE_PATH}/waiting-room/status?product_id=${product.id}`,
        })
      ).json<{ active: boolean }>().active;
    expect(await status()).toBe(false);
    room.configure({ automaticHoldsPerSecond: 2, automaticCoolingMs: 60_000 });
    room.clock = () => 1_000_000;
    try {
      for (let i = 0; i < 3; i++)
        expect((await order(ctx.app, product, { address: visitorAddress() })).statusCode).toBe(201);
      await until(async () => {
        room.forgetInForce();
        return status();
      });
      expect((await order(ctx.app, product, { address: visitorAddress() })).json()).toEqual({
        error: 'waiting room required',
      });
      const visitor = { address: visitorAddress() };
      await join(ctx.app, product, visitor);
      await tick();
      expect((await order(ctx.app, product, visitor)).statusCode).toBe(201);
      // Pressure fell: the cooling period passes with the queue empty, and the queue ends by itself.
      await ctx.db.execute(sql`
        UPDATE waiting_room_queues SET in_force_until = now() - interval '1 second'
         WHERE product_id = ${product.id} AND ended_at IS NULL`);
      await tick();
      room.forgetInForce();
      expect(await status()).toBe(false);
      expect(await place(ctx.app, product, visitor)).toMatchObject({ state: 'closed' });
      expect((await order(ctx.app, product, { address: visitorAddress() })).statusCode).toBe(201);
    } finally {
      room.clock = Date.now;
      room.configure({ automaticHoldsPerSecond: 200 });
    }
  });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the waiting room refuses bad input without a 5xx', () => {
  it('answers 400 for a product named twice or not at all, 404 for an unknown one', async () => {
    const product = await productWithSlot(ctx.db, 10);
    const post = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `${SITE_PATH}/waiting-room/entries`,
        headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
        remoteAddress: visitorAddress(),
        payload,
      });
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ product_id: product.id, product_uuid: product.uuid })).statusCode).toBe(400);
    expect((await post({ product_id: 2 ** 40 })).statusCode).toBe(400);
    expect((await post({ product_uuid: '00000000-0000-4000-8000-000000000000' })).json()).toEqual({
      error: 'not found',
    });
    // A product without a queue in force: `closed`, no place.
    expect((await post({ product_uuid: product.uuid })).json()).toMatchObject({ state: 'closed', token: '' });
    const status = await ctx.app.inject({
      method: 'GET',
      url: `${SITE_PATH}/waiting-room/status?product_id=abc`,
    });
    expect(status.statusCode).toBe(400);
  });
});
