import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { setupTestApp, xsrfHeaders } from '../../test/helper.ts';

const ctx = setupTestApp();

/** A raw HTTP request to a listening server (inject bypasses Node's parser, which raises 431). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('errors the framework raises use the one error body', () => {
  it('answers a URL that does not decode with 400 and does not echo it', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/demo/api/v1/orders/%ZZ', headers: xsrfHeaders() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid request' });
    }
  });

  it('answers a path parameter over the router limit with 414 and does not echo it', async () => {
    const long = 'q'.repeat(120);
    for (const [method, url] of [
      ['PUT', `/demo/api/v1/orders/${long}`],
      ['DELETE', `/demo/api/v1/orders/${long}`],
      ['POST', `/demo/api/v1/ordercoupons/${long}`],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: xsrfHeaders(), payload: {} });
      expect(res.statusCode, method).toBe(414);
      expect(res.json()).toEqual({ error: 'invalid request' });
    }
    // A GET that long is matched by the page route's wildcard, which has no length limit: a JSON 404.
    const get = await ctx.app.inject({ method: 'GET', url: `/demo/api/v1/orders/${long}` });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ error: 'not found' });
  });

  it('answers a 100 KB query with 431 and the one error body', async () => {
    const app = await ctx.anotherApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const res = await rawGet(port, `/demo/api/v1/products?lang=ja&pad=${'x'.repeat(100 * 1024)}`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ error: 'invalid request' });
  });
});
