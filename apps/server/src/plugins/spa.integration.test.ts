import { describe, expect, it } from 'vitest';
import { DEMO_SITE_CODES, siteSlug } from '@kippu/contract';
import { fakeWebBuild } from '../../test/fake-web-build.ts';
import { setupTestApp } from '../../test/helper.ts';

describe('serving the web app', () => {
  const ctx = setupTestApp({}, { webDistDir: fakeWebBuild() });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('serves every site at /{slug}/ with its code on the body', async () => {
    for (const code of DEMO_SITE_CODES) {
      const res = await get(`/${siteSlug(code)}/`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain(`<body data-site="${code}">`);
    }
  });

  it('serves /tickets/ as the default site and falls back to it for unknown slugs', async () => {
    expect((await get('/tickets/')).body).toContain('data-site="BORDERLESS"');
    expect((await get('/no-such-venue/')).body).toContain('data-site="BORDERLESS"');
  });

  it("serves each site's tickets sub-site at /{slug}/tickets/ with its assets and API (ADR 024)", async () => {
    const page = await get('/mori/tickets/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<body data-site="MORI">');
    const asset = await get('/mori/tickets/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    const configuration = await get('/mori/tickets/api/v1/configurations');
    expect(configuration.statusCode).toBe(200);
    expect(configuration.json()).toMatchObject({ siteCode: 'MORI' });
    expect((await get('/mori/tickets/api/v1/nothing-here')).json()).toEqual({ error: 'not found' });
    expect((await get('/mori/tickets/assets/index-gone.js')).statusCode).toBe(404);
  });

  it('redirects a tickets sub-site without its trailing slash', async () => {
    const res = await get('/mori/tickets');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/mori/tickets/');
  });

  it('redirects a slug without its trailing slash', async () => {
    const res = await get('/mori');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/mori/');
  });

  it('serves hashed assets under any site, cached immutably', async () => {
    const res = await get('/lab-exhibition/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const res = await get('/borderless/assets/index-gone.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
    expect((await get('/borderless/missing-logo.png')).statusCode).toBe(404);
  });

  it('refuses paths that climb out of the build directory', async () => {
    for (const url of ['/borderless/..%2fsecret.txt', '/borderless/assets/..%2f..%2fsecret.txt']) {
      const res = await get(url);
      expect(res.body).not.toContain('do-not-serve');
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers /{slug}/index.html with the site page, not the raw cached file', async () => {
    const res = await get('/mori/index.html');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body data-site="MORI">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers /robots.txt and /favicon.ico as files, not with the app page', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('User-agent: *');
    const favicon = await get('/favicon.ico');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(favicon.body).not.toContain('<body');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(404);
    expect(sitemap.body).not.toContain('<body');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    // A `..` slug resolves away (`/%2e%2e/api/...` is `/api/...`): still the API's JSON error, not the page
    // or a plain-text file error.
    for (const url of [
      '/borderless/api/v1/nothing-here',
      '/api/v1/nothing-here',
      '/%2e%2e/api/v1/nothing-here',
      '/%2e%2e/api/v1/reservations/x/calendar.ics',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not found' });
    }
  });

  it('sends a strict content security policy with the page', async () => {
    const csp = (await get('/borderless/')).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('answers the API with JSON headers only: no page headers on the hot path (issue 12)', async () => {
    const res = await get('/borderless/api/v1/configurations');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const pageOnly of ['content-security-policy', 'x-frame-options', 'strict-transport-security'])
      expect(res.headers[pageOnly]).toBeUndefined();
    // The page keeps them.
    expect((await get('/borderless/')).headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
