import { describe, expect, it } from 'vitest';
import { fakeWebBuild } from '../../test/fake-web-build.ts';
import { setupTestApp, xsrfHeaders } from '../../test/helper.ts';

const ctx = setupTestApp({}, { webDistDir: fakeWebBuild() });

/** The same API call, its path spelled with percent-encoded letters in each segment in turn. */
const ENCODED_ORDER_PATHS = [
  '/borderless/%61pi/v1/orders',
  '/borderless/ap%69/v1/orders',
  '/borderless/api/v%31/orders',
  '/borderless/api/v1/%6Frders',
  '/%62orderless/api/v1/orders',
  '/borderless/%61%70%69/v1/orders',
];

describe('the XSRF check works on the routed path', () => {
  it('refuses an unsafe API call without the token however its path is encoded', async () => {
    for (const url of ENCODED_ORDER_PATHS) {
      const res = await ctx.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ error: 'invalid xsrf token' });
    }
  });

  it('lets the same encoded call through with the token (it reaches validation)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/borderless/%61pi/v1/orders',
      headers: xsrfHeaders(),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid request');
  });

  it('answers an encoded site slug for the site it names', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/%64emo/api/v1/configurations' });
    expect(res.statusCode).toBe(200);
    expect(res.json().siteCode).toBe('DEMO');
    const page = await ctx.app.inject({ method: 'GET', url: '/%6Dori/' });
    expect(page.body).toContain('data-site="MORI"');
  });
});

describe('the XSRF cookie and shared caches', () => {
  const setCookie = async (url: string) =>
    (await ctx.app.inject({ method: 'GET', url })).headers['set-cookie'];

  it('sets the cookie on the page, which no shared cache keeps', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/demo/' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
  });

  it('never sets a cookie on a response marked public or immutable', async () => {
    for (const url of [
      '/demo/api/v1/configurations',
      '/demo/api/v1/langs',
      '/demo/assets/index-abc123.js',
      '/demo/favicon.svg',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/public|immutable/);
      expect(await setCookie(url), url).toBeUndefined();
    }
  });

  it('does not set a new cookie for a visitor who has one', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/demo/', headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
