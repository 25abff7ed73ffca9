import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { setupTestApp, xsrfHeaders } from '../../test/helper.ts';
import { SITE_PATH } from '../../test/order-support.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A request id on every log line of a request and on every error answer (issue 31, ADR 099). */
describe('request ids', () => {
  const ctx = setupTestApp({ LOG_LEVEL: 'info' });
  let app: App;
  const lines: Record<string, unknown>[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
  });

  beforeAll(async () => {
    app = await buildApp({ env: ctx.env, db: ctx.db, webDistDir: '/nonexistent/', logStream: stream });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('an error answer names its request id in X-Request-Id, its body is the one error body', async () => {
    const answer = await app.inject({ method: 'GET', url: `${SITE_PATH}/no-such-call` });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: 'not found' });
    const id = answer.headers['x-request-id'];
    expect(id).toMatch(UUID);
    // And the log lines of that request carry it (Fastify's reqId), whatever logged them.
    const own = lines.filter((line) => line.reqId === id);
    expect(own.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    expect(own.find((line) => line.msg === 'request completed')).toMatchObject({ res: { statusCode: 404 } });
  });

  it("a thrown error's answer (validation, 400) carries it too, and the body is unchanged", async () => {
    const answer = await app.inject({
      method: 'POST',
      url: `${SITE_PATH}/orders`,
      headers: xsrfHeaders(),
      payload: { quantity: 'many' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'invalid request' });
    expect(Object.keys(answer.json())).toEqual(['error', 'issues']);
    expect(answer.headers['x-request-id']).toMatch(UUID);
  });

  it('a URL the router refuses (400 before any route) carries it too', async () => {
    const answer = await app.inject({ method: 'GET', url: `${SITE_PATH}/orders/%ZZ` });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'invalid request' });
    expect(answer.headers['x-request-id']).toMatch(UUID);
  });

  it("keeps a trusted proxy's short, safe X-Request-Id and replaces anything else", async () => {
    // TRUST_PROXY names the loopback proxy: inject's requests come from 127.0.0.1.
    const behindProxy = await buildApp({
      env: { ...ctx.env, TRUST_PROXY: ['loopback'] },
      db: ctx.db,
      webDistDir: '/nonexistent/',
      logStream: stream,
    });
    try {
      const kept = await behindProxy.inject({
        method: 'GET',
        url: `${SITE_PATH}/no-such-call`,
        headers: { 'x-request-id': 'lb-7f3a.9:2' },
      });
      expect(kept.headers['x-request-id']).toBe('lb-7f3a.9:2');
      expect(lines.some((line) => line.reqId === 'lb-7f3a.9:2')).toBe(true);
      for (const given of ['x'.repeat(65), 'two words', '<script>', '"quoted"']) {
        const replaced = await behindProxy.inject({
          method: 'GET',
          url: `${SITE_PATH}/no-such-call`,
          headers: { 'x-request-id': given },
        });
        expect(replaced.headers['x-request-id']).toMatch(UUID);
      }
    } finally {
      await behindProxy.close();
    }
  });

  it("ignores a client's X-Request-Id when no trusted proxy sent it (review finding 10)", async () => {
    // No TRUST_PROXY: the peer is the client itself, which must not choose the id support searches for.
    const answer = await app.inject({
      method: 'GET',
      url: `${SITE_PATH}/no-such-call`,
      headers: { 'x-request-id': 'support-case-42' },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['x-request-id']).toMatch(UUID);
    expect(lines.some((line) => line.reqId === 'support-case-42')).toBe(false);
  });

  it('a successful answer carries none (a kept answer must not hand one request id to everyone)', async () => {
    const answer = await app.inject({ method: 'GET', url: `${SITE_PATH}/langs` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-request-id']).toBeUndefined();
  });
});
