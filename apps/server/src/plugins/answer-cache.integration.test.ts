import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper.ts';
import { heldOf, orderBody, postOrder, productWithSlot, SITE_PATH } from '../../test/order-support.ts';
import { setStock } from '../features/catalogue/catalogue-test-fixtures.ts';

/**
 * The shared answer cache of availability reads (ADR 033), over real HTTP: kept answers are served by the
 * Node handler in front of Fastify, which app.inject does not go through.
 */
describe('availability answer cache', () => {
  const ctx = setupTestApp();
  let base = '';
  let queries = 0;
  const countQuery = () => (queries += 1);

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${SITE_PATH}`;
    ctx.db.$client.on('acquire', countQuery);
  });
  afterAll(() => {
    ctx.db.$client.off('acquire', countQuery);
  });

  const orderable = async (spanId: number, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/products/orderable_stocks?product_time_span_id=${spanId}`, { headers });
    return { res, body: (await res.json()) as { remaining: number } };
  };

  it('answers with public one-second cache headers and no cookie', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { res } = await orderable(slot.spanId);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=1');
    expect(res.headers.get('cdn-cache-control')).toBe('public, max-age=1, stale-while-revalidate=5');
    expect(res.headers.get('set-cookie')).toBeNull();
    const kept = await orderable(slot.spanId);
    expect(kept.res.headers.get('cache-control')).toBe('public, max-age=1');
    expect(kept.res.headers.get('cdn-cache-control')).toBe('public, max-age=1, stale-while-revalidate=5');
    expect(kept.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(kept.res.headers.get('set-cookie')).toBeNull();
  });

  it('lets 50 concurrent identical reads share one query', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    queries = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, () => orderable(slot.spanId)));
    expect(answers.every(({ res }) => res.status === 200)).toBe(true);
    expect(new Set(answers.map(({ body }) => body.remaining))).toEqual(new Set([10]));
    // One query makes the answer; a stall past one second on a busy machine may add a refill.
    expect(queries).toBeLessThanOrEqual(3);
  });

  /** The `kippu-read-after` cookie a write set, as the browser sends it back (ADR 123). */
  const readAfterOf = (answer: { cookies: { name: string; value: string }[] }): Record<string, string> => {
    const cookie = answer.cookies.find((c) => c.name === 'kippu-read-after');
    return cookie ? { cookie: `${cookie.name}=${cookie.value}` } : {};
  };

  it('shows the visitor who held their hold at once, and everyone else within the second it may be old', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    expect((await orderable(slot.spanId)).body.remaining).toBe(10);
    const hold = await postOrder(ctx.app, orderBody(slot, 3));
    expect(hold.statusCode).toBe(201);
    const holder = readAfterOf(hold);
    expect(holder).toHaveProperty('cookie');
    const own = await orderable(slot.spanId, holder);
    expect(own.body.remaining).toBe(7);
    expect(own.res.headers.get('cache-control')).toBe('private, no-store');
    expect(own.res.headers.get('cdn-cache-control')).toBeNull();
    // Another visitor is served the kept answer: a rush's holds do not turn every read into a query.
    queries = 0;
    expect((await orderable(slot.spanId)).body.remaining).toBe(10);
    expect(queries).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await orderable(slot.spanId)).body.remaining).toBe(7);
  });

  it("shows another process's change within the one second it may be stale", async () => {
    const slot = await productWithSlot(ctx.db, 10);
    expect((await orderable(slot.spanId)).body.remaining).toBe(10);
    await setStock(ctx.db, slot.spanId, { held: 4 });
    const deadline = Date.now() + 5_000;
    let remaining = 10;
    while (remaining === 10 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      remaining = (await orderable(slot.spanId)).body.remaining;
    }
    expect(remaining).toBe(6);
  });

  it('never oversells while reads are kept: the hold decides', async () => {
    const slot = await productWithSlot(ctx.db, 20);
    const reads = Array.from({ length: 100 }, () => orderable(slot.spanId));
    const holds = Array.from({ length: 60 }, () => postOrder(ctx.app, orderBody(slot, 1)));
    const [readAnswers, holdAnswers] = await Promise.all([Promise.all(reads), Promise.all(holds)]);
    const holder = readAfterOf(holdAnswers.find((r) => r.statusCode === 201)!);
    expect(readAnswers.every(({ body }) => body.remaining >= 0 && body.remaining <= 20)).toBe(true);
    expect(holdAnswers.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(holdAnswers.filter((r) => r.statusCode === 409)).toHaveLength(40);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(20);
    // A kept answer saying "available" does not let a hold through.
    expect((await postOrder(ctx.app, orderBody(slot, 1))).statusCode).toBe(409);
    expect((await orderable(slot.spanId, holder)).body.remaining).toBe(0);
  });

  it('sends a kept answer brotli-compressed when it is over 1 KB and the client accepts it', async () => {
    const url = `${base}/calendar/colors?from=2026-01-01&to=2026-03-31`;
    const first = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    const second = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    expect(second.status).toBe(200);
    const size = Number(second.headers.get('content-length') ?? 0);
    if ((await first.text()).length >= 1024) {
      expect(second.headers.get('content-encoding')).toBe('br');
      expect(second.headers.get('vary')).toMatch(/accept-encoding/i);
    } else {
      expect(size).toBeLessThan(1024);
    }
  });

  it('sends a kept answer with the very bytes it kept: multibyte text, plain and compressed', async () => {
    // Kept bodies are written as latin1 strings (one write with the head): every byte must survive the trip.
    const url = `${base}/products?lang=ja`;
    // fetch asks for gzip unless told otherwise.
    const identity = { 'accept-encoding': 'identity' };
    const made = await fetch(url, { headers: identity });
    const madeText = await made.text();
    expect(Buffer.byteLength(madeText)).toBeGreaterThan(madeText.length); // multibyte text in it
    const plain = await fetch(url, { headers: identity });
    const compressed = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(madeText);
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(madeText));
    if (madeText.length >= 1024) expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.text()).toBe(madeText);
  });

  it('does not keep an error answer', async () => {
    const missing = await fetch(`${base}/products/orderable_stocks?product_time_span_id=999999999`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const bad = await fetch(`${base}/products/orderable_stocks?product_time_span_id=abc`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('cache-control')).not.toMatch(/public/);
  });
});
