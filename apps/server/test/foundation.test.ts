import { describe, expect, it } from 'vitest';
import { setupTestApp, xsrfHeaders } from './helper.ts';

describe('foundation', () => {
  const ctx = setupTestApp();

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/borderless/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not found' });
  });

  it('rejects a POST without the XSRF header with 403 and sets the cookie', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/borderless/api/v1/orders', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'invalid xsrf token' });
    expect(res.headers['set-cookie']).toMatch(/XSRF-TOKEN=/);
  });

  it('rejects a POST whose header does not match the cookie', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/borderless/api/v1/orders',
      headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets a POST with a matching header through the XSRF check', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/borderless/api/v1/no-such-call',
      headers: xsrfHeaders(),
      payload: {},
    });
    expect(res.statusCode).toBe(404);
  });

  it('redirects / to the default site', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/borderless/');
  });
});
