import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rememberedLanguageCookie } from '@kippu/contract';
import { fakeWebBuild } from '../../test/fake-web-build.ts';
import { setupTestApp } from '../../test/helper.ts';

/** The texts URL the page preloads (the app asks for exactly this one as it starts). */
const textsPreloadOf = (html: string) =>
  /<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="([^"]+)">/.exec(html)?.[1];

/** A fake build with an asset large enough to have compressed copies, as the real build writes them. */
function buildWithCompressedAsset(): string {
  const dir = fakeWebBuild();
  const code = `console.log(${JSON.stringify('x'.repeat(4000))})`;
  writeFileSync(join(dir, 'assets', 'big-abc123.js'), code);
  writeFileSync(join(dir, 'assets', 'big-abc123.js.br'), brotliCompressSync(code));
  writeFileSync(join(dir, 'assets', 'big-abc123.js.gz'), gzipSync(code));
  return dir;
}

function bootDataOf(html: string): {
  lang: string;
  configuration: { siteCode: string };
  langs: unknown[];
  texts?: unknown;
} {
  const json = /<script id="kippu-boot" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json!);
}

describe('page delivery (issue 12)', () => {
  const ctx = setupTestApp({}, { webDistDir: buildWithCompressedAsset() });
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it("inlines the site's configuration and languages into the page and preloads the default language's texts", async () => {
    const res = await get('/mori/');
    expect(res.statusCode).toBe(200);
    const boot = bootDataOf(res.body);
    expect(boot.configuration.siteCode).toBe('MORI');
    expect(boot.langs.length).toBeGreaterThan(0);
    const configuration = await get('/mori/api/v1/configurations');
    expect(boot.configuration).toEqual(configuration.json());
    expect(res.body).toContain('<body data-site="MORI">');
    // The texts (most of the data) are not in the page: it preloads them, and the URL answers them.
    expect(boot.texts).toBeUndefined();
    expect(textsPreloadOf(res.body)).toBe(`./api/v1/texts?lang=${boot.lang}`);
    const texts = await get(`/mori/api/v1/texts?lang=${boot.lang}`);
    expect(texts.statusCode).toBe(200);
    expect((texts.json() as unknown[]).length).toBeGreaterThan(100);
  });

  it('preloads the texts of the language the page was opened with, when the site offers it', async () => {
    const page = (await get('/borderless/?lang=en')).body;
    expect(bootDataOf(page).lang).toBe('en');
    expect(textsPreloadOf(page)).toBe('./api/v1/texts?lang=en');
    expect(page).toContain('<html lang="en"');
    // An unknown language is the default's page, not a new one per value.
    expect(bootDataOf((await get('/borderless/?lang=xx')).body).lang).toBe(
      bootDataOf((await get('/borderless/')).body).lang,
    );
  });

  it('draws the page in the language the app last ran in on this site, as its cookie says (ADR 041)', async () => {
    const remembered = await get('/borderless/', { cookie: `${rememberedLanguageCookie('BORDERLESS')}=en` });
    expect(remembered.body).toContain('<html lang="en"');
    expect(bootDataOf(remembered.body).lang).toBe('en');
    expect(remembered.headers.vary).toMatch(/cookie/i);
    // `?lang=` (a language change) wins; another site's cookie, or a value that is no language, is ignored.
    const changed = await get('/borderless/?lang=en', {
      cookie: `${rememberedLanguageCookie('BORDERLESS')}=ja`,
    });
    expect(bootDataOf(changed.body).lang).toBe('en');
    const defaultLang = bootDataOf((await get('/borderless/')).body).lang;
    const otherSite = await get('/borderless/', { cookie: `${rememberedLanguageCookie('MORI')}=en` });
    expect(bootDataOf(otherSite.body).lang).toBe(defaultLang);
    const unknown = await get('/borderless/', { cookie: `${rememberedLanguageCookie('BORDERLESS')}=xx` });
    expect(bootDataOf(unknown.body).lang).toBe(defaultLang);
  });

  it('draws the default language when the remembered one is no longer offered by the site', async () => {
    await ctx.db.$client.query("DELETE FROM languages WHERE site_code = 'MORI' AND code = 'th'");
    const page = await get('/mori/', { cookie: `${rememberedLanguageCookie('MORI')}=th` });
    expect(bootDataOf(page.body).lang).not.toBe('th');
    expect(bootDataOf(page.body).lang).toBe(bootDataOf((await get('/mori/')).body).lang);
  });

  it('escapes the inlined data so no text can close the script element', async () => {
    const res = await get('/borderless/');
    const inline = /<script id="kippu-boot" type="application\/json">(.*?)<\/script>/s.exec(res.body)![1]!;
    expect(inline).not.toContain('<');
  });

  it('revalidates the page with its ETag: 304 without a body when unchanged', async () => {
    const first = await get('/borderless/');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/borderless/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherSite = await get('/mori/', { 'if-none-match': etag });
    expect(otherSite.statusCode).toBe(200);
  });

  it('sends the page brotli or gzip by Accept-Encoding, varying on it', async () => {
    const plain = await get('/borderless/');
    const br = await get('/borderless/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/borderless/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends the precompressed copy of an asset by Accept-Encoding, immutable, without a cookie', async () => {
    const res = await get('/borderless/assets/big-abc123.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('xxxx');
    const raw = await get('/borderless/assets/big-abc123.js');
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toContain('xxxx');
  });

  it('compresses API answers over 1 KB, leaves small ones alone', async () => {
    const big = await get('/borderless/api/v1/texts?lang=ja', { 'accept-encoding': 'br' });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).length).toBeGreaterThan(10);
    const small = await get('/borderless/api/v1/langs', { 'accept-encoding': 'br' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sets the XSRF cookie on the page only when the visitor has none', async () => {
    const first = await get('/borderless/');
    expect(String(first.headers['set-cookie'])).toContain('XSRF-TOKEN=');
    const returning = await get('/borderless/', { cookie: 'XSRF-TOKEN=abc' });
    expect(returning.headers['set-cookie']).toBeUndefined();
  });
});
