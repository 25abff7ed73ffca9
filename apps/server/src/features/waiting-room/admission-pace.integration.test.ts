import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { waitingRoomOf } from '../../plugins/waiting-room-gate.ts';
import { setupTestApp, visitorAddress } from '../../../test/helper.ts';
import { productWithSlot, SITE_PATH } from '../../../test/order-support.ts';

const ctx = setupTestApp();
const XSRF = 'test-xsrf-token';
type Product = Awaited<ReturnType<typeof productWithSlot>>;

/** Paced, stepped by hand: 10 admissions a second at most, so a slow pace lets one in per step. */
const PACED = {
  timers: false,
  pacing: true,
  automaticAdmitPerMinute: 600,
  initialPace: 0.2,
  minimumPace: 0.05,
  paceMinimumAnswers: 5,
  paceWindowMs: 60_000,
  paceSlowMs: 120,
  paceFastMs: 60,
};

let second: App;
const apps = () => [ctx.app, second];

async function queueWithVisitors(waiting: number): Promise<Product> {
  const product = await productWithSlot(ctx.db, 100);
  await ctx.db.execute(sql`UPDATE products SET waiting_room_enabled = true WHERE id = ${product.id}`);
  for (const app of apps()) waitingRoomOf(app).forgetInForce();
  for (let i = 0; i < waiting; i++) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/waiting-room/entries`,
      headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
      remoteAddress: visitorAddress(),
      payload: { product_id: product.id },
    });
    expect(response.statusCode).toBe(200);
  }
  // Both processes see the queue in force (their answers count only then).
  for (const app of apps()) await waitingRoomOf(app).inForce();
  return product;
}

async function paceOf(product: Product): Promise<number | null> {
  const { rows } = await ctx.db.execute<{ pace: number | null }>(sql`
    SELECT admission_pace_milli AS pace FROM waiting_room_queues
     WHERE product_id = ${product.id} AND ended_at IS NULL`);
  return rows[0]?.pace ?? null;
}

async function admitted(product: Product): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM waiting_room_entries e JOIN waiting_room_queues q ON q.id = e.queue_id
     WHERE q.product_id = ${product.id} AND e.state = 'admitted'`);
  return Number(rows[0]!.n);
}

const answers = (app: App, ms: number, n = 5) => {
  for (let i = 0; i < n; i++) waitingRoomOf(app).noteAnswer(ms);
};

describe('the admission pace (issue 31, ADR 133)', () => {
  beforeAll(async () => {
    second = await ctx.anotherApp();
    for (const app of apps()) waitingRoomOf(app).configure(PACED);
  });

  it('starts slow, is cut while admitted visitors are answered slowly, shared by every process, and grows back', async () => {
    const product = await queueWithVisitors(20);
    await waitingRoomOf(ctx.app).tick();
    // No answers yet: the run starts at its initial pace.
    expect(await paceOf(product)).toBe(200);

    answers(ctx.app, 400);
    await waitingRoomOf(ctx.app).tick();
    expect(await paceOf(product)).toBe(140);
    // The other process steps from the pace the first one left (one row), with its own answers.
    answers(second, 400);
    await waitingRoomOf(second).tick();
    expect(await paceOf(product)).toBe(98);
    // Those answers were read once: the next step without new ones keeps the pace.
    await waitingRoomOf(second).tick();
    expect(await paceOf(product)).toBe(98);
    // Never below the floor, so the queue always moves.
    for (let i = 0; i < 5; i++) {
      answers(ctx.app, 900);
      await waitingRoomOf(ctx.app).tick();
    }
    expect(await paceOf(product)).toBe(50);
    // At half an admission a second, a step lets one visitor in however many wait.
    const before = await admitted(product);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await waitingRoomOf(ctx.app).tick();
    expect((await admitted(product)) - before).toBeLessThanOrEqual(1);

    // Too few answers to tell: kept. Fast ones while the pace held admissions back: it grows.
    answers(ctx.app, 10, 4);
    await waitingRoomOf(ctx.app).tick();
    expect(await paceOf(product)).toBe(50);
    answers(ctx.app, 10, 1);
    await waitingRoomOf(ctx.app).tick();
    expect(await paceOf(product)).toBe(57);
  });

  it("counts the API's answers but the waiting room's own and the checkouts'", async () => {
    const product = await queueWithVisitors(3);
    await waitingRoomOf(ctx.app).tick();
    expect(await paceOf(product)).toBe(200);
    // Joins (the waiting room's own calls, which linger on purpose) are not what admission is paced by.
    for (let i = 0; i < 6; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${SITE_PATH}/waiting-room/entries`,
        headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
        remoteAddress: visitorAddress(),
        payload: { product_id: product.id },
      });
      expect(response.statusCode).toBe(200);
    }
    await waitingRoomOf(ctx.app).tick();
    expect(await paceOf(product)).toBe(200);
    // Nor are checkouts: a card's waits on its gateway (here orders that do not exist, answered at once).
    for (let i = 0; i < 6; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${SITE_PATH}/orders/checkout/no-such-order`,
        headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
        payload: { payment_method_type: 'free' },
      });
      expect(response.statusCode).toBeLessThan(500);
    }
    await waitingRoomOf(ctx.app).tick();
    expect(await paceOf(product)).toBe(200);
    // Other API calls are: here fast ones (the test's machine answers in milliseconds), so the pace grows.
    for (let i = 0; i < 6; i++) {
      const response = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/products?lang=en` });
      expect(response.statusCode).toBe(200);
    }
    await waitingRoomOf(ctx.app).tick();
    expect(await paceOf(product)).toBe(230);
  });

  it('is not kept when pacing is off: the step admits at the full rate', async () => {
    for (const app of apps()) waitingRoomOf(app).configure({ pacing: false });
    try {
      const product = await queueWithVisitors(2);
      answers(ctx.app, 900);
      await waitingRoomOf(ctx.app).tick();
      expect(await paceOf(product)).toBeNull();
    } finally {
      for (const app of apps()) waitingRoomOf(app).configure({ pacing: true });
    }
  });
});
