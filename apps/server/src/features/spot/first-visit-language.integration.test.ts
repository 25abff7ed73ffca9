import { beforeAll, describe, expect, it } from 'vitest';
import { rememberedLanguageCookie } from '@kippu/contract';
import { fakeWebBuild } from '../../../test/fake-web-build.ts';
import { setupTestApp } from '../../../test/helper.ts';

/**
 * Issue 32's defect "the spot poster opens in Japanese on a Chinese phone" (ADR 110): on a site whose
 * `language.followBrowser` is on, a first visit's page (no `?lang=`, no language cookie) is drawn in the
 * browser's preferred language of the six, and the page varies on `Accept-Language`. Elsewhere the spec's
 * rule stands: the site's default.
 */
const CHINESE_PHONE = 'zh-CN,zh;q=0.9,en-US;q=0.8,en;q=0.7';

function bootDataOf(html: string): { lang: string; browserLanguage?: boolean } {
  const json = /<script id="kippu-boot" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json!);
}

describe('the first paint in the browser’s language (ADR 110)', () => {
  const ctx = setupTestApp({}, { webDistDir: fakeWebBuild() });
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    // RUINS follows the browser (its seed says so); LAB_EXHIBITION keeps the spec's default rule.
    await ctx.db.$client.query(
      `UPDATE sites SET settings = jsonb_set(settings, '{language}', '{"followBrowser": true}')
       WHERE code = 'RUINS'`,
    );
    await ctx.db.$client.query(
      `UPDATE sites SET settings = settings - 'language' WHERE code = 'LAB_EXHIBITION'`,
    );
  });

  it('draws a first visit on a following site in zh-hans for a Chinese phone, varying on Accept-Language', async () => {
    const res = await get('/ruins/', { 'accept-language': CHINESE_PHONE });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="zh-Hans"');
    expect(bootDataOf(res.body)).toMatchObject({ lang: 'zh-hans', browserLanguage: true });
    expect(res.headers.vary).toMatch(/accept-language/i);
    // A Korean phone gets kr, a French one (none of the six) the site's default.
    expect(bootDataOf((await get('/ruins/', { 'accept-language': 'ko-KR,ko' })).body).lang).toBe('kr');
    const french = bootDataOf((await get('/ruins/', { 'accept-language': 'fr-FR' })).body);
    expect(french.lang).toBe('ja');
    expect(french.browserLanguage).toBeUndefined();
  });

  it('lets a requested or remembered language win over the browser', async () => {
    const requested = await get('/ruins/?lang=en', { 'accept-language': CHINESE_PHONE });
    expect(bootDataOf(requested.body)).toEqual(expect.objectContaining({ lang: 'en' }));
    expect(bootDataOf(requested.body).browserLanguage).toBeUndefined();
    const remembered = await get('/ruins/', {
      'accept-language': CHINESE_PHONE,
      cookie: `${rememberedLanguageCookie('RUINS')}=th`,
    });
    expect(bootDataOf(remembered.body).lang).toBe('th');
  });

  it('keeps the default language on a site that does not follow the browser (the spec’s rule)', async () => {
    const res = await get('/lab-exhibition/', { 'accept-language': CHINESE_PHONE });
    expect(bootDataOf(res.body).lang).toBe('ja');
    // Its page does not depend on the browser's list, so shared caches are not split by it (review finding 15).
    expect(res.headers.vary).not.toMatch(/accept-language/i);
    expect(bootDataOf(res.body).browserLanguage).toBeUndefined();
  });
});
