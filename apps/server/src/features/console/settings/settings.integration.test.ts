import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { configurationResponseSchema, LANG_CODES } from '@kippu/contract';
import {
  consoleSiteSettingsSchema,
  siteSecretListSchema,
  siteTextPreviewSchema,
  siteTextsSchema,
  uploadedSiteImageSchema,
  type ConsoleSiteSettings,
} from '@kippu/contract/console/settings-schemas';
import { contrastIssues, themeContrastPairs } from '@kippu/contract/console/settings-contrast';
import { storedSiteSettingsSchema } from '@kippu/contract';
import type { LightMyRequestResponse } from 'fastify';
import { secretKeyOf, secretKeyring, type SecretKeyring } from '../../../config/secrets-key.ts';
import { readSiteSecret, reencryptSiteSecrets } from '../../../domain/sites/site-secrets.ts';
import { setupTestApp } from '../../../../test/helper.ts';
import {
  signedIn,
  twoOrganisations,
  type ConsoleAs,
  type Organisations,
} from '../operations/operations-test-support.ts';
import { reservedSlugs } from './reserved-slugs.ts';
import {
  jpeg,
  png,
  pngHeader,
  SVG,
  TEXT_FILE,
  webpVp8l,
  webpVp8x,
} from '../../../domain/settings/test-images.ts';

const ctx = setupTestApp();
let orgs: Organisations;
let owner: ConsoleAs;
let planner: ConsoleAs;
let gate: ConsoleAs;
/** Every console answer of this file, searched for secret values at the end of the secrets tests. */
const answers: LightMyRequestResponse[] = [];

function recorded(as: ConsoleAs): ConsoleAs {
  const keep = async (answer: Promise<LightMyRequestResponse>) => {
    const res = await answer;
    answers.push(res);
    return res;
  };
  return {
    staffId: as.staffId,
    get: (path) => keep(as.get(path)),
    post: (path, payload) => keep(as.post(path, payload)),
    put: (path, payload) => keep(as.put(path, payload)),
    patch: (path, payload) => keep(as.patch(path, payload)),
    delete: (path) => keep(as.delete(path)),
  };
}

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'site-settings');
  owner = recorded(await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all'));
  planner = recorded(await signedIn(ctx.app, ctx.db, orgs.a, 'planner', ['DEMO']));
  gate = recorded(await signedIn(ctx.app, ctx.db, orgs.a, 'gate', ['DEMO']));
});

async function settingsOf(site: string): Promise<ConsoleSiteSettings> {
  const res = await owner.get(`/sites/${site}/settings`);
  expect(res.statusCode).toBe(200);
  return consoleSiteSettingsSchema.parse(res.json());
}

/** Polls `read` until `done` holds (no time assertion: the test fails by its own timeout otherwise). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function auditRows(objectType: string, objectId: string) {
  const { rows } = await ctx.db.$client.query<{
    action: string;
    before: unknown;
    after: unknown;
    actor_staff_id: string;
  }>(
    `SELECT action, before, after, actor_staff_id FROM audit_events WHERE object_type = $1 AND object_id = $2 ORDER BY id`,
    [objectType, objectId],
  );
  return rows;
}

const errorOf = (res: LightMyRequestResponse) =>
  res.json<{ error: string; issues?: { path: string; message: string }[] }>();

describe('site settings: read, write, versions (issue 28)', () => {
  it('round-trips a partial write, bumps the version, audits before/after, and refuses a stale version', async () => {
    const read = await settingsOf('DEMO');
    const pageTitle = { ...read.settings.pageTitle, en: 'Demo garden, edited' };
    const res = await owner.patch('/sites/DEMO/settings', {
      expected_version: read.version,
      settings: { pageTitle },
      server: { few_stock_threshold: 7, hold_minutes: 15 },
    });
    expect(res.statusCode).toBe(200);
    const saved = consoleSiteSettingsSchema.parse(res.json());
    expect(saved.version).toBe(read.version + 1);
    expect(saved.settings.pageTitle.en).toBe('Demo garden, edited');
    expect(saved.settings.theme).toEqual(read.settings.theme);
    expect(saved.server).toMatchObject({ few_stock_threshold: 7, hold_minutes: 15 });
    expect(await settingsOf('DEMO')).toEqual(saved);

    const stale = await owner.patch('/sites/DEMO/settings', {
      expected_version: read.version,
      server: { few_stock_threshold: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).error).toBe('console edit conflict');
    expect((await settingsOf('DEMO')).server.few_stock_threshold).toBe(7);

    const audit = await auditRows('site_settings', 'DEMO');
    expect(audit.at(-1)).toMatchObject({
      action: 'update',
      actor_staff_id: owner.staffId,
      before: { version: read.version, server: { few_stock_threshold: read.server.few_stock_threshold } },
      after: { version: saved.version, server: { few_stock_threshold: 7 } },
    });
  });

  it('two concurrent writes of one version: one saves, the other gets console_edit_conflict', async () => {
    const read = await settingsOf('DEMO');
    const answers = await Promise.all(
      [3, 4].map((threshold) =>
        owner.patch('/sites/DEMO/settings', {
          expected_version: read.version,
          server: { few_stock_threshold: threshold },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const saved = consoleSiteSettingsSchema.parse(answers.find((res) => res.statusCode === 200)!.json());
    expect(await settingsOf('DEMO')).toEqual(saved);
    expect(saved.version).toBe(read.version + 1);
  });

  it('edits payment methods, field templates, languages and calendar colours as lists', async () => {
    const read = await settingsOf('DEMO');
    const web = read.payment_methods.filter((m) => m.channel === 'web');
    expect(web.length).toBeGreaterThan(1);
    const reordered = [...web].reverse().map((m, i) => ({ ...m, enabled: i !== 0 }));
    const languages = [...read.languages].reverse().map((l) => ({ ...l, is_default: l.code === 'en' }));
    const fields = read.field_templates.map((f, i) => ({ ...f, is_display: i !== 0 }));
    const res = await owner.patch('/sites/DEMO/settings', {
      expected_version: read.version,
      payment_methods: reordered,
      languages,
      field_templates: fields,
      calendar_colors: [{ date: '2031-05-05', color_code: '#ffe08a' }],
    });
    expect(res.statusCode).toBe(200);
    const saved = consoleSiteSettingsSchema.parse(res.json());
    expect(saved.payment_methods.filter((m) => m.channel === 'web')).toEqual(reordered);
    expect(saved.languages).toEqual(languages);
    expect(saved.field_templates).toEqual(fields);
    expect(saved.calendar_colors).toEqual([{ date: '2031-05-05', color_code: '#ffe08a' }]);

    const dropped = await owner.patch('/sites/DEMO/settings', {
      expected_version: saved.version,
      languages: languages.slice(1).map((l) => ({ ...l, is_default: l.code === 'ja' })),
    });
    expect(dropped.statusCode).toBe(400);
    expect(errorOf(dropped).issues?.[0]?.path).toBe('body.languages');
  });

  it('answers field-level issues, never a 5xx, for a document the contract refuses', async () => {
    const read = await settingsOf('DEMO');
    const res = await owner.patch('/sites/DEMO/settings', {
      expected_version: read.version,
      settings: { theme: { ...read.settings.theme, primary: 'red' } },
      server: { hold_minutes: 0 },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).issues?.map((i) => i.path)).toEqual(
      expect.arrayContaining(['body.settings.theme.primary', 'body.server.hold_minutes']),
    );
    const nul = await owner.patch('/sites/DEMO/settings', {
      expected_version: read.version,
      settings: { pageTitle: { ...read.settings.pageTitle, en: 'bad\u0000title' } },
    });
    expect(nul.statusCode).toBe(400);
    expect(errorOf(nul).issues).toEqual([
      { path: 'body.settings.pageTitle.en', message: expect.stringContaining('NUL') },
    ]);
    const noDate = await owner.patch('/sites/DEMO/settings', {
      expected_version: read.version,
      calendar_colors: [{ date: '2031-02-30', color_code: '#ffffff' }],
    });
    expect(noDate.statusCode).toBe(400);
    expect(errorOf(noDate).issues?.[0]?.path).toBe('body.calendar_colors.0.date');
    expect((await settingsOf('DEMO')).version).toBe(read.version);
  });

  it('visitors see a change through the visitor API (configurations, texts) once caches allow', async () => {
    const read = await settingsOf('DEMO');
    const pageTitle = { ...read.settings.pageTitle, ja: 'デモ庭園(変更)' };
    expect(
      (await owner.patch('/sites/DEMO/settings', { expected_version: read.version, settings: { pageTitle } }))
        .statusCode,
    ).toBe(200);
    const configuration = await eventually(
      async () =>
        configurationResponseSchema.parse(
          (await ctx.app.inject({ method: 'GET', url: '/demo/api/v1/configurations' })).json(),
        ),
      (answer) => answer.settings.pageTitle.ja === 'デモ庭園(変更)',
    );
    expect(configuration.siteCode).toBe('DEMO');

    const texts = siteTextsSchema.parse((await owner.get('/sites/DEMO/texts')).json());
    const saved = await owner.patch('/sites/DEMO/texts', {
      expected_version: texts.version,
      changes: [{ key: 'legal_terms_intro', lang: 'en', text: 'DEMO terms for {site}, edited.' }],
    });
    expect(saved.statusCode).toBe(200);
    const visitor = await eventually(
      async () =>
        (await ctx.app.inject({ method: 'GET', url: '/demo/api/v1/texts?lang=en' })).json<
          { key: string; text: string }[]
        >(),
      (rows) => rows.some((row) => row.key === 'legal_terms_intro' && row.text.includes('edited')),
    );
    expect(visitor.find((row) => row.key === 'legal_terms_intro')?.text).toBe(
      'DEMO terms for {site}, edited.',
    );
    // Another site keeps the shared text.
    const other = (await ctx.app.inject({ method: 'GET', url: '/mori/api/v1/texts?lang=en' })).json<
      { key: string; text: string }[]
    >();
    expect(other.find((row) => row.key === 'legal_terms_intro')?.text).not.toContain('edited');
  });
});

describe("site mode: a stored setting the console edits, served as GET /configurations' mode (review finding 16)", () => {
  const modeServed = (slug: string) =>
    ctx.app
      .inject({ method: 'GET', url: `/${slug}/api/v1/configurations` })
      .then((res) => configurationResponseSchema.parse(res.json()).mode);

  it('starts as demo for DEMO, reconnect for RUINS, none elsewhere', async () => {
    expect((await settingsOf('DEMO')).server.mode).toBe('demo');
    // RUINS belongs to another organisation in this file's fixture: read its column directly.
    const { rows } = await ctx.db.$client.query<{ mode: string | null }>(
      "SELECT mode FROM sites WHERE code = 'RUINS'",
    );
    expect(rows[0]?.mode).toBe('reconnect');
    expect((await settingsOf('MORI')).server.mode).toBeNull();
    expect(await modeServed('ruins')).toBe('reconnect');
  });

  it('changing it in the console changes what GET /configurations answers, audited; an unknown mode is refused', async () => {
    expect(await modeServed('mori')).toBeNull();
    const read = await settingsOf('MORI');
    const res = await owner.patch('/sites/MORI/settings', {
      expected_version: read.version,
      server: { mode: 'reconnect' },
    });
    expect(res.statusCode).toBe(200);
    expect(consoleSiteSettingsSchema.parse(res.json()).server.mode).toBe('reconnect');
    expect(await eventually(() => modeServed('mori'), (mode) => mode === 'reconnect')).toBe('reconnect');
    expect((await auditRows('site_settings', 'MORI')).at(-1)).toMatchObject({
      action: 'update',
      before: { server: { mode: null } },
      after: { server: { mode: 'reconnect' } },
    });

    const unknown = await owner.patch('/sites/MORI/settings', {
      expected_version: read.version + 1,
      server: { mode: 'offline' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).issues?.map((issue) => issue.path)).toContain('body.server.mode');

    const back = await owner.patch('/sites/MORI/settings', {
      expected_version: read.version + 1,
      server: { mode: null },
    });
    expect(back.statusCode).toBe(200);
    expect(await eventually(() => modeServed('mori'), (mode) => mode === null)).toBeNull();
  });
});

describe('footer links: an https URL or a path on this server, never another scheme', () => {
  it('refuses javascript:, data: and http: links; every seeded site passes the rule', async () => {
    const read = await settingsOf('ARTIZON');
    const footer = read.settings.footer;
    for (const [field, url] of [
      ['termsUrl', 'javascript:alert(1)'],
      ['helpUrl', 'JaVaScRiPt:alert(1)'],
      ['privacyUrl', 'data:text/html,<script>alert(1)</script>'],
      ['appDownloadUrl', 'http://app.example/download'],
      ['legalNoticeUrl', '//evil.example/legal'],
      ['exhibitionInfoUrl', ' javascript:alert(1)'],
    ] as const) {
      const res = await owner.patch('/sites/ARTIZON/settings', {
        expected_version: read.version,
        settings: { footer: { ...footer, [field]: url } },
      });
      expect(res.statusCode, url).toBe(400);
      expect(
        errorOf(res)
          .issues?.map((issue) => issue.path)
          .join(' '),
        url,
      ).toContain(`footer.${field}`);
    }
    const extra = await owner.patch('/sites/ARTIZON/settings', {
      expected_version: read.version,
      settings: {
        footer: { ...footer, extraLinks: [{ label: read.settings.name, url: 'javascript:alert(1)' }] },
      },
    });
    expect(extra.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(extra).issues)).toContain('footer.extraLinks.0.url');

    const ok = await owner.patch('/sites/ARTIZON/settings', {
      expected_version: read.version,
      settings: {
        footer: {
          ...footer,
          termsUrl: 'https://artizon.example/terms?lang=ja#top',
          extraLinks: [{ label: read.settings.name, url: '/access' }],
        },
      },
    });
    expect(ok.statusCode).toBe(200);

    // Every seeded site's stored document (the demo seed's links) passes the stricter rule.
    const { rows } = await ctx.db.$client.query<{ code: string; settings: unknown }>(
      `SELECT code, settings FROM sites ORDER BY code`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows)
      expect(storedSiteSettingsSchema.safeParse(row.settings).success, row.code).toBe(true);
  });
});

describe('site texts: six languages, versions, preview', () => {
  it('lists shared and site texts per language, previews a draft as the page shows it, resets to shared', async () => {
    const texts = siteTextsSchema.parse((await owner.get('/sites/MORI/texts')).json());
    const intro = texts.entries.find((e) => e.key === 'legal_privacy_intro')!;
    for (const lang of LANG_CODES) expect(intro.shared[lang], lang).toBeTruthy();
    expect(intro.site.ja).toBeNull();

    const preview = await owner.post('/sites/MORI/texts/preview', {
      document: 'privacy',
      lang: 'en',
      changes: [{ key: 'legal_privacy_intro', lang: 'en', text: 'Draft privacy of {site}.' }],
    });
    expect(preview.statusCode).toBe(200);
    const shown = siteTextPreviewSchema.parse(preview.json());
    const mori = storedSiteSettingsSchema.parse(
      (await ctx.db.$client.query(`SELECT settings FROM sites WHERE code = 'MORI'`)).rows[0].settings,
    );
    expect(shown.intro).toBe(`Draft privacy of ${mori.name.en}.`);
    expect(shown.sections.length).toBe(5);
    // A preview writes nothing.
    expect(siteTextsSchema.parse((await owner.get('/sites/MORI/texts')).json()).version).toBe(texts.version);

    const saved = await owner.patch('/sites/MORI/texts', {
      expected_version: texts.version,
      changes: LANG_CODES.map((lang) => ({ key: 'legal_privacy_intro', lang, text: `MORI ${lang}` })),
    });
    expect(saved.statusCode).toBe(200);
    const after = siteTextsSchema.parse(saved.json());
    expect(after.entries.find((e) => e.key === 'legal_privacy_intro')!.site.th).toBe('MORI th');
    const stale = await owner.patch('/sites/MORI/texts', {
      expected_version: texts.version,
      changes: [{ key: 'legal_privacy_intro', lang: 'ja', text: null }],
    });
    expect(stale.statusCode).toBe(409);
    const reset = await owner.patch('/sites/MORI/texts', {
      expected_version: after.version,
      changes: [{ key: 'legal_privacy_intro', lang: 'ja', text: null }],
    });
    expect(
      siteTextsSchema.parse(reset.json()).entries.find((e) => e.key === 'legal_privacy_intro')!.site.ja,
    ).toBeNull();
    const unknown = await owner.patch('/sites/MORI/texts', {
      expected_version: after.version + 1,
      changes: [{ key: 'screen_home_title', lang: 'ja', text: 'x' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).issues?.[0]?.path).toBe('body.changes.0.key');
  });
});

describe('images: checked by content, stored in PostgreSQL, served by URL', () => {
  const upload = (file: Buffer, purpose = 'header_logo_black') =>
    owner.post('/sites/DEMO/images', { purpose, data_base64: file.toString('base64') });

  it('accepts PNG, JPEG and WebP with their dimensions and serves the bytes back unchanged, cacheable', async () => {
    const file = png(180, 60);
    const res = await upload(file);
    expect(res.statusCode).toBe(200);
    const { image } = uploadedSiteImageSchema.parse(res.json());
    expect(image).toMatchObject({ mime: 'image/png', width: 180, height: 60, bytes: file.length });
    const served = await ctx.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(file)).toBe(true);
    // Another process serves it too (the bytes are in PostgreSQL, not this process).
    const other = await ctx.anotherApp();
    expect((await other.inject({ method: 'GET', url: image.url })).rawPayload.equals(file)).toBe(true);
    await other.close();

    for (const [file2, mime, w, h] of [
      [jpeg(640, 480), 'image/jpeg', 640, 480],
      [webpVp8x(300, 200), 'image/webp', 300, 200],
      [webpVp8l(33, 12), 'image/webp', 33, 12],
    ] as const) {
      const ok = uploadedSiteImageSchema.parse((await upload(file2, 'app_download_modal')).json());
      expect(ok.image).toMatchObject({ mime, width: w, height: h });
    }

    // The settings document points at it.
    const read = await settingsOf('DEMO');
    const pointed = await owner.patch('/sites/DEMO/settings', {
      expected_version: read.version,
      settings: { images: { headerLogoBlack: image.url, headerLogoWhite: null, printLogo: null } },
    });
    expect(pointed.statusCode).toBe(200);
    expect(consoleSiteSettingsSchema.parse(pointed.json()).settings.images?.headerLogoBlack).toBe(image.url);
    const missing = await owner.patch('/sites/DEMO/settings', {
      expected_version: read.version + 1,
      settings: { appDownloadModalImage: `/site-images/${'0'.repeat(64)}.png` },
    });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({
      error: 'console image rejected',
      issues: [{ path: 'body.settings.appDownloadModalImage' }],
    });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/site-images/${'0'.repeat(64)}.png` })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: image.url.replace('.png', '.jpg') })).statusCode).toBe(
      404,
    );
  });

  it('rejects SVG, a renamed text file, an oversized file and oversized dimensions with issues', async () => {
    const truncated = [
      Buffer.from([0xff, 0xd8, 0xff, 0xff, 0xff, 0xff]), // a JPEG of fill bytes only: once a 500
      jpeg(8, 8).subarray(0, 24),
      png(4, 4).subarray(0, 20),
      webpVp8x(3, 3).subarray(0, 29),
    ];
    for (const file of [
      SVG,
      TEXT_FILE,
      pngHeader(5000, 100),
      pngHeader(100, 100, 2 * 1024 * 1024 + 1),
      ...truncated,
    ]) {
      const res = await upload(file);
      expect(res.statusCode, file.subarray(0, 8).toString('hex')).toBe(400);
      expect(errorOf(res)).toMatchObject({
        error: 'console image rejected',
        issues: [{ path: 'body.data_base64' }],
      });
    }
    const { rows } = await ctx.db.$client.query(
      `SELECT count(*)::int AS n FROM site_images WHERE mime NOT IN ('image/png','image/jpeg','image/webp')`,
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('colours and scripts', () => {
  it('checks the pairs an edit changes: a stored accent below 3:1 does not block a new primary', async () => {
    const { rows } = await ctx.db.$client.query<{ settings: unknown }>(
      `SELECT settings FROM sites WHERE code = 'MORI'`,
    );
    const { theme } = storedSiteSettingsSchema.parse(rows[0]!.settings);
    const weak = { ...theme, accent: '#f8bbd0', background: '#ffffff' };
    await ctx.db.$client.query(
      `UPDATE sites SET settings = jsonb_set(settings, '{theme}', $1::jsonb) WHERE code = 'MORI'`,
      [JSON.stringify(weak)],
    );
    expect(contrastIssues(themeContrastPairs(weak)).map((i) => i.path)).toEqual(['settings.theme.accent']);
    const read = await settingsOf('MORI');
    const res = await owner.patch('/sites/MORI/settings', {
      expected_version: read.version,
      settings: { theme: { ...weak, primary: '#1b5e20', onPrimary: '#ffffff' } },
    });
    expect(res.statusCode).toBe(200);
    const accent = await owner.patch('/sites/MORI/settings', {
      expected_version: read.version + 1,
      settings: { theme: { ...weak, primary: '#1b5e20', onPrimary: '#ffffff', accent: '#fce4ec' } },
    });
    expect(accent.statusCode).toBe(400);
    expect(errorOf(accent).issues).toEqual([
      { path: 'body.settings.theme.accent', message: expect.stringContaining('needs 3:1') },
    ]);
  });

  it('refuses colours below 4.5:1 for text or 3:1 for controls, naming the pair', async () => {
    const read = await settingsOf('ARTIZON');
    const res = await owner.patch('/sites/ARTIZON/settings', {
      expected_version: read.version,
      settings: { theme: { ...read.settings.theme, primary: '#777777', onPrimary: '#888888' } },
    });
    expect(res.statusCode).toBe(400);
    const body = errorOf(res);
    expect(body.error).toBe('console contrast too low');
    expect(body.issues?.map((i) => i.path)).toContain('body.settings.theme.onPrimary');
    expect(body.issues?.find((i) => i.path === 'body.settings.theme.onPrimary')?.message).toContain('4.5:1');

    const good = await owner.patch('/sites/ARTIZON/settings', {
      expected_version: read.version,
      settings: {
        theme: { primary: '#1a1a2e', onPrimary: '#ffffff', accent: '#b3261e', background: '#ffffff' },
      },
    });
    expect(good.statusCode).toBe(200);
  });

  it('accepts script URLs on the allow-list only (https), and audits each change', async () => {
    const read = await settingsOf('ARTIZON');
    for (const url of [
      'https://evil.example/gtag.js',
      'http://www.googletagmanager.com/gtag/js',
      'javascript:alert(1)',
      '//evil.example/x.js',
      // A browser strips tabs and newlines: these are //evil.example.
      '/\t/evil.example/x.js',
      '/\n/evil.example/x.js',
    ]) {
      const res = await owner.patch('/sites/ARTIZON/settings', {
        expected_version: read.version,
        settings: { analytics: { tagManagerId: null, gatagKeyUrl: url } },
      });
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res)).toMatchObject({
        error: 'console script not allowed',
        issues: [{ path: 'body.settings.analytics.gatagKeyUrl' }],
      });
    }
    const badId = await owner.patch('/sites/ARTIZON/settings', {
      expected_version: read.version,
      settings: { analytics: { tagManagerId: 'x"></script>', gatagKeyUrl: null } },
    });
    expect(errorOf(badId).error).toBe('console script not allowed');

    const ok = await owner.patch('/sites/ARTIZON/settings', {
      expected_version: read.version,
      settings: {
        analytics: {
          tagManagerId: 'GTM-AB12CD',
          gatagKeyUrl: 'https://www.googletagmanager.com/gtag/js?id=G-1',
        },
      },
    });
    expect(ok.statusCode).toBe(200);
    const audit = await auditRows('site_script', 'ARTIZON:settings.analytics.gatagKeyUrl');
    expect(audit.at(-1)).toMatchObject({
      before: { url: null },
      after: { url: 'https://www.googletagmanager.com/gtag/js?id=G-1' },
    });
    expect(await auditRows('site_script', 'ARTIZON:settings.analytics.tagManagerId')).toHaveLength(1);
  });
});

describe('secrets: write-only, encrypted at rest, re-authentication', () => {
  const value = `sk-shop-pass-${randomBytes(12).toString('hex')}`;
  let keys: SecretKeyring;
  beforeAll(() => {
    keys = secretKeyring(ctx.env);
  });

  it('sets a secret: shown as set with who and when, stored encrypted, read by the gateway', async () => {
    const before = siteSecretListSchema.parse((await owner.get('/sites/DEMO/secrets')).json());
    expect(before.secrets.find((s) => s.name === 'gmo_shop_pass')).toMatchObject({ set: false });
    const res = await owner.put('/sites/DEMO/secrets/gmo_shop_pass', { value });
    expect(res.statusCode).toBe(200);
    const listed = siteSecretListSchema.parse((await owner.get('/sites/DEMO/secrets')).json());
    const secret = listed.secrets.find((s) => s.name === 'gmo_shop_pass')!;
    expect(secret).toMatchObject({ set: true, changed_by: { id: owner.staffId } });
    expect(secret.changed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const { rows } = await ctx.db.$client.query<{ value: string; key_id: string }>(
      `SELECT value, key_id FROM site_secrets WHERE site_code = 'DEMO' AND name = 'gmo_shop_pass'`,
    );
    expect(rows[0]!.value).not.toContain(value);
    expect(rows[0]!.value.startsWith(`v1:${keys.current.id}:`)).toBe(true);
    expect(await readSiteSecret(ctx.db, keys, 'DEMO', 'gmo_shop_pass')).toBe(value);

    const audit = await auditRows('site_secret', 'DEMO:gmo_shop_pass');
    expect(JSON.stringify(audit)).not.toContain(value);
    expect(audit.at(-1)).toMatchObject({ action: 'create', after: { set: true, value: '[secret]' } });
  });

  it('needs re-authentication and settings write', async () => {
    const stale = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all', { reauthenticated: false });
    const res = await stale.put('/sites/DEMO/secrets/stripe_secret_key', { value: 'sk_test_x' });
    answers.push(res);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).error).toBe('console reauthentication required');
    expect(
      (await planner.put('/sites/DEMO/secrets/stripe_secret_key', { value: 'sk_test_x' })).statusCode,
    ).toBe(404);
    expect((await gate.get('/sites/DEMO/secrets')).statusCode).toBe(404);
  });

  it('rotation: a previous key still opens old values; the start re-encrypts them, and legacy plaintext too', async () => {
    await ctx.db.$client.query(
      `INSERT INTO site_secrets (site_code, name, value) VALUES ('DEMO', 'softbank_hash_key', 'legacy-plain-hash')`,
    );
    expect(await readSiteSecret(ctx.db, keys, 'DEMO', 'softbank_hash_key')).toBe('legacy-plain-hash');
    const rotated: SecretKeyring = {
      current: secretKeyOf(randomBytes(32)),
      previous: [keys.current],
      readsPlaintext: true,
    };
    const onlyNew: SecretKeyring = { current: rotated.current, previous: [], readsPlaintext: true };
    expect(await readSiteSecret(ctx.db, rotated, 'DEMO', 'gmo_shop_pass')).toBe(value);
    await expect(readSiteSecret(ctx.db, onlyNew, 'DEMO', 'gmo_shop_pass')).rejects.toThrow(/not configured/);

    const { reencrypted } = await reencryptSiteSecrets(ctx.db, rotated);
    expect(reencrypted).toBeGreaterThanOrEqual(2);
    const { rows } = await ctx.db.$client.query<{ key_id: string; value: string }>(
      `SELECT key_id, value FROM site_secrets WHERE site_code = 'DEMO'`,
    );
    expect(rows.every((row) => row.key_id === rotated.current.id)).toBe(true);
    expect(rows.some((row) => row.value.includes('legacy-plain-hash'))).toBe(false);
    expect(await readSiteSecret(ctx.db, onlyNew, 'DEMO', 'gmo_shop_pass')).toBe(value);
    expect(await readSiteSecret(ctx.db, onlyNew, 'DEMO', 'softbank_hash_key')).toBe('legacy-plain-hash');
    // Back under the test environment's key for what follows.
    await reencryptSiteSecrets(ctx.db, {
      current: keys.current,
      previous: [rotated.current],
      readsPlaintext: true,
    });
  });

  it('production: a plaintext row is refused by every reader but the start, which encrypts it first', async () => {
    const key = randomBytes(32).toString('base64');
    const production = secretKeyring({
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(48).toString('hex'),
      SECRETS_KEY: key,
      SECRETS_KEY_PREVIOUS: keys.current.key.toString('base64'),
    });
    expect(production.readsPlaintext).toBe(false);
    // A legacy row, or one a database writer downgraded to plaintext.
    await ctx.db.$client.query(
      `INSERT INTO site_secrets (site_code, name, value) VALUES ('DEMO', 'stripe_webhook_secret', 'whsec-chosen')`,
    );
    await expect(readSiteSecret(ctx.db, production, 'DEMO', 'stripe_webhook_secret')).rejects.toThrow(
      /plaintext value, refused in production/,
    );
    expect((await reencryptSiteSecrets(ctx.db, production)).reencrypted).toBeGreaterThanOrEqual(1);
    expect(await readSiteSecret(ctx.db, production, 'DEMO', 'stripe_webhook_secret')).toBe('whsec-chosen');
    expect(await readSiteSecret(ctx.db, production, 'DEMO', 'gmo_shop_pass')).toBe(value);
    await ctx.db.$client.query(
      `UPDATE site_secrets SET value = 'downgraded', key_id = NULL WHERE site_code = 'DEMO' AND name = 'gmo_shop_pass'`,
    );
    await expect(readSiteSecret(ctx.db, production, 'DEMO', 'gmo_shop_pass')).rejects.toThrow(/refused/);
    // Back under the test environment's key, with the value this file set, for what follows.
    await ctx.db.$client.query(
      `DELETE FROM site_secrets WHERE site_code = 'DEMO' AND name = 'stripe_webhook_secret'`,
    );
    await ctx.db.$client.query(
      `UPDATE site_secrets SET value = $1 WHERE site_code = 'DEMO' AND name = 'gmo_shop_pass'`,
      [value],
    );
    await reencryptSiteSecrets(ctx.db, { ...keys, previous: [production.current] });
  });

  it('removes a secret (re-authenticated); no console answer of this file ever carried a secret value', async () => {
    const res = await owner.delete('/sites/DEMO/secrets/softbank_hash_key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ secret: { name: 'softbank_hash_key', set: false } });
    for (const answer of answers) {
      expect(answer.body).not.toContain(value);
      expect(answer.body).not.toContain('legacy-plain-hash');
    }
    expect(answers.length).toBeGreaterThan(20);
  });
});

describe('new site from a copy', () => {
  const name = Object.fromEntries(LANG_CODES.map((lang) => [lang, `Copy ${lang}`]));

  it('copies settings, texts, languages, payment methods and field templates; the slug serves it', async () => {
    const res = await owner.post('/sites', { from_site: 'DEMO', code: 'DEMO_COPY', slug: 'demo-copy', name });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ site: { code: 'DEMO_COPY', slug: 'demo-copy' } });
    const source = await settingsOf('DEMO');
    const copy = await settingsOf('DEMO_COPY');
    expect(copy.settings.name.en).toBe('Copy en');
    expect(copy.settings.theme).toEqual(source.settings.theme);
    expect(copy.payment_methods).toEqual(source.payment_methods);
    expect(copy.languages).toEqual(source.languages);
    expect(copy.field_templates).toEqual(source.field_templates);
    expect(copy.calendar_colors).toEqual([]);
    const texts = siteTextsSchema.parse((await owner.get('/sites/DEMO_COPY/texts')).json());
    expect(texts.entries.find((e) => e.key === 'legal_terms_intro')!.site.en).toBe(
      'DEMO terms for {site}, edited.',
    );
    const { rows } = await ctx.db.$client.query(
      `SELECT (SELECT count(*)::int FROM products WHERE site_code = 'DEMO_COPY') AS products,
              (SELECT count(*)::int FROM site_secrets WHERE site_code = 'DEMO_COPY') AS secrets`,
    );
    expect(rows[0]).toEqual({ products: 0, secrets: 0 });
    // A process whose site list is fresh serves it (the directory's cache is 10 s).
    const fresh = await ctx.anotherApp();
    const configuration = await fresh.inject({ method: 'GET', url: '/demo-copy/api/v1/configurations' });
    expect(configurationResponseSchema.parse(configuration.json()).siteCode).toBe('DEMO_COPY');
    await fresh.close();
    expect(await auditRows('site', 'DEMO_COPY')).toMatchObject([{ action: 'create' }]);
  });

  it('refuses reserved and taken slugs and codes', async () => {
    const reserved = reservedSlugs(ctx.app);
    for (const slug of [
      'console',
      'dev',
      'tickets',
      'healthz',
      'readyz',
      'metrics',
      'simulator',
      'payment-return',
      'site-images',
      'payments',
    ]) {
      expect(reserved.has(slug), slug).toBe(true);
    }
    // Every first segment the running server registered is reserved.
    for (const segment of ctx.app.firstPathSegments) expect(reserved.has(segment), segment).toBe(true);
    for (const slug of ['console', 'healthz', 'payment-return', 'mori', 'demo-copy']) {
      const res = await owner.post('/sites', { from_site: 'DEMO', code: 'ANOTHER_COPY', slug, name });
      expect(res.statusCode, slug).toBe(409);
      expect(errorOf(res)).toMatchObject({
        error: 'console slug unavailable',
        issues: [{ path: 'body.slug' }],
      });
    }
    const taken = await owner.post('/sites', { from_site: 'DEMO', code: 'MORI', slug: 'mori-two', name });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).error).toBe('console code taken');
  });

  it('only an owner-like role (settings write on all sites) may create one, and only from its own organisation', async () => {
    const admin = await signedIn(ctx.app, ctx.db, orgs.a, 'administrator', ['DEMO']);
    const created = await admin.post('/sites', {
      from_site: 'DEMO',
      code: 'ADMIN_COPY',
      slug: 'admin-copy',
      name,
    });
    expect(created.statusCode).toBe(404);
    expect(
      (await planner.post('/sites', { from_site: 'DEMO', code: 'PLAN_COPY', slug: 'plan-copy', name }))
        .statusCode,
    ).toBe(404);
    const foreign = await owner.post('/sites', {
      from_site: 'OKINAWA',
      code: 'FOREIGN',
      slug: 'foreign-copy',
      name,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('a role without settings gets 404; read-only reads but gets 404 on writes; another organisation is 404', async () => {
    expect((await gate.get('/sites/DEMO/settings')).statusCode).toBe(404);
    expect((await gate.get('/sites/DEMO/texts')).statusCode).toBe(404);
    const read = await planner.get('/sites/DEMO/settings');
    expect(read.statusCode).toBe(200);
    const version = consoleSiteSettingsSchema.parse(read.json()).version;
    expect((await planner.patch('/sites/DEMO/settings', { expected_version: version })).statusCode).toBe(404);
    expect(
      (
        await planner.patch('/sites/DEMO/texts', {
          expected_version: 0,
          changes: [{ key: 'legal_terms_intro', lang: 'ja', text: 'x' }],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await planner.post('/sites/DEMO/images', {
          purpose: 'print_logo',
          data_base64: png(2, 2).toString('base64'),
        })
      ).statusCode,
    ).toBe(404);
    expect((await planner.get('/sites/MORI/settings')).statusCode).toBe(404);
    expect((await owner.get('/sites/OKINAWA/settings')).statusCode).toBe(404);
    expect((await owner.get('/sites/OKINAWA/secrets')).statusCode).toBe(404);
    // Another organisation's site is 404 before the body is looked at: a bad body shows nothing either.
    const bad = [
      await owner.patch('/sites/OKINAWA/settings', { expected_version: 'x', settings: { name: 'x' } }),
      await owner.patch('/sites/OKINAWA/texts', { changes: 'x' }),
      await owner.post('/sites/OKINAWA/texts/preview', { document: 'x' }),
      await owner.post('/sites/OKINAWA/images', { purpose: 'x' }),
    ];
    expect(bad.map((res) => res.statusCode)).toEqual([404, 404, 404, 404]);
    // The same bad bodies on its own site are field errors.
    expect((await owner.patch('/sites/DEMO/texts', { changes: 'x' })).statusCode).toBe(400);
    expect((await owner.put('/sites/OKINAWA/secrets/gmo_shop_pass', { value: 1 })).statusCode).toBe(404);
  });
});
