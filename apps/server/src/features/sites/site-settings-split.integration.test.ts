import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configurationResponseSchema, langsResponseSchema } from '@kippu/contract';
import { setupTestApp } from '../../../test/helper.ts';
import { ensureSite } from '../../../test/factories.ts';

/** A build directory with nothing but the page, for the `<body data-site>` checks. */
function fakeWebBuild(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'kippu-dist-')), 'dist');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  return `${dir}/`;
}

const SITE_CALLS = ['configurations', 'langs', 'texts?lang=ja', 'field_templates', 'paymentmethods?lang=ja'];

describe('site settings: public, server-only and secret (ADR 014)', () => {
  const ctx = setupTestApp({}, { webDistDir: fakeWebBuild() });
  const get = (url: string, app = ctx.app) => app.inject({ method: 'GET', url });
  const configuration = async (slug: string, app = ctx.app) =>
    configurationResponseSchema.parse((await get(`/${slug}/api/v1/configurations`, app)).json());

  it('serves no server-only value to the browser, and the calendar flag from its column', async () => {
    const res = await get('/nagai/api/v1/configurations');
    expect(Object.keys(res.json().settings)).not.toEqual(
      expect.arrayContaining(['holdMinutes', 'fewStockThreshold']),
    );
    expect(res.body).not.toMatch(/holdMinutes|fewStockThreshold|hold_minutes|few_stock_threshold/);
    expect((await configuration('nagai')).settings.calendar.colorized).toBe(true);
    await ctx.db.$client.query("UPDATE sites SET calendar_colorized = false WHERE code = 'NAGAI'");
    expect((await configuration('nagai')).settings.calendar.colorized).toBe(false);
  });

  it('fills a named select list in from option_lists, and keeps a list stored inline', async () => {
    const izura = await configuration('izura');
    expect(izura.settings.signIn.genderOptions.map((o) => o.value)).toEqual(['__no_send__', 'man', 'woman']);
    await ctx.db.$client.query(
      `UPDATE option_lists SET items = items || '[{"value": "other", "text": {"ja": "その他", "en": "Other",
         "zh-hans": "其他", "kr": "기타", "zh-hant": "其他", "th": "อื่น ๆ"}}]' WHERE name = 'gender_binary'`,
    );
    expect((await configuration('izura')).settings.signIn.genderOptions.at(-1)?.value).toBe('other');
    // A free-text residence stores its (empty) list inline.
    expect((await configuration('lab-exhibition')).settings.signIn.residentArea).toEqual({
      inputType: 'text',
      options: [],
    });
  });

  it('never serves a value from site_secrets', async () => {
    const secret = 'sk_test_kippu_never_served_0123456789';
    await ctx.db.$client.query(
      "INSERT INTO site_secrets (site_code, name, value) VALUES ('RUINS', 'stripe_secret_key', $1)",
      [secret],
    );
    for (const call of SITE_CALLS) {
      const res = await get(`/ruins/api/v1/${call}`);
      expect(res.statusCode, call).toBe(200);
      expect(res.body, call).not.toContain(secret);
    }
    expect((await get('/ruins/')).body).not.toContain(secret);
  });

  it('refuses to serve a secret key pasted into the public settings', async () => {
    await ctx.db.$client.query(
      `UPDATE sites SET settings = jsonb_set(settings, '{payment,cardProviderKeys,stripe}', '"sk_live_pasted_by_mistake"')
       WHERE code = 'RUINS'`,
    );
    const res = await get('/ruins/api/v1/configurations');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: expect.any(String) });
    expect(res.body).not.toContain('sk_live_pasted_by_mistake');
  });

  it('serves a venue added as a row, with no release', async () => {
    await ensureSite(ctx.db, 'HARBOUR_LIGHTS', {}, { calendarColorized: false });
    await ctx.db.$client.query(
      `INSERT INTO languages (site_code, code, display_name, display_position, is_default)
       VALUES ('HARBOUR_LIGHTS', 'en', 'English', 1, true), ('HARBOUR_LIGHTS', 'ja', '日本語', 2, false)`,
    );
    // A process that starts after the row was added (a running one picks it up within SITE_LIST_TTL_MS).
    const app = await ctx.anotherApp();

    const config = await configuration('harbour-lights', app);
    expect(config.siteCode).toBe('HARBOUR_LIGHTS');
    expect(config.settings.calendar.colorized).toBe(false);
    const langs = langsResponseSchema.parse((await get('/harbour-lights/api/v1/langs', app)).json());
    expect(langs.map((l) => l.code)).toEqual(['en', 'ja']);
    expect((await get('/harbour-lights/', app)).body).toContain('<body data-site="HARBOUR_LIGHTS">');
    expect((await get('/HARBOUR-LIGHTS/', app)).body).toContain('<body data-site="HARBOUR_LIGHTS">');
    expect((await configuration('no-such-venue', app)).siteCode).toBe('BORDERLESS');
  });

  it('refuses a site code or slug that could not be put safely into a page or a URL', async () => {
    const insert = (code: string, slug: string) =>
      ctx.db.$client.query(
        "INSERT INTO sites (code, slug, position, settings) VALUES ($1, $2, 99, '{}'::jsonb)",
        [code, slug],
      );
    await expect(insert('"><SCRIPT', 'script')).rejects.toThrow(/sites_code_format/);
    await expect(insert('LOWER_OK', 'Upper')).rejects.toThrow(/sites_slug_format/);
    await expect(insert('TICKETS', 'tickets')).rejects.toThrow(/sites_slug_format/);
  });
});
