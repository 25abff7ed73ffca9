import { describe, expect, it } from 'vitest';
import {
  configurationResponseSchema,
  fieldTemplatesResponseSchema,
  FIELD_NAMES,
  langsResponseSchema,
  LANG_CODES,
  paymentMethodsResponseSchema,
  DEMO_SITE_CODES,
  siteSlug,
} from '@kippu/contract';
import { setupTestApp } from '../../../test/helper.ts';

describe('site API calls', () => {
  const ctx = setupTestApp({ KIPPU_ENV: 'staging' });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  describe('GET /langs', () => {
    it('lists the six languages in display order with ja as default', async () => {
      const res = await get('/borderless/api/v1/langs');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      const langs = langsResponseSchema.parse(res.json());
      expect(langs.map((l) => l.code)).toEqual([...LANG_CODES]);
      expect(langs.map((l) => l.display_name)).toEqual([
        '日本語',
        'English',
        '简体中文',
        '한국어',
        '繁體中文',
        'ไทย',
      ]);
      const positions = langs.map((l) => l.display_position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(langs.filter((l) => l.is_default).map((l) => l.code)).toEqual(['ja']);
    });

    it('gives the international Okinawa site English as its default', async () => {
      const langs = langsResponseSchema.parse((await get('/okinawa/api/v1/langs')).json());
      expect(langs.filter((l) => l.is_default).map((l) => l.code)).toEqual(['en']);
    });

    it('follows the display positions stored for the site', async () => {
      await ctx.db.$client.query(
        "UPDATE languages SET display_position = 0 WHERE site_code = 'NAGAI' AND code = 'th'",
      );
      const langs = langsResponseSchema.parse((await get('/nagai/api/v1/langs')).json());
      expect(langs[0]!.code).toBe('th');
    });
  });

  describe('GET /configurations', () => {
    it('answers the site settings, environment and no mode for an ordinary site', async () => {
      const res = await get('/nisshinippon-unknown/api/v1/configurations');
      expect(res.statusCode).toBe(200);
      const config = configurationResponseSchema.parse(res.json());
      // an unknown slug falls back to the default site
      expect(config.siteCode).toBe('BORDERLESS');
      expect(config.environment).toBe('staging');
      expect(config.mode).toBeNull();
      expect(config.settings.name.en).toBe('Kippu Borderless Museum');
    });

    it('runs DEMO in demo mode with product-before-date ordering', async () => {
      const config = configurationResponseSchema.parse((await get('/demo/api/v1/configurations')).json());
      expect(config.siteCode).toBe('DEMO');
      expect(config.mode).toBe('demo');
      expect(config.settings.layout.orderProcedure).toBe('selectProductBeforeDate');
    });

    it('shows the membership login flag only on ARTIZON', async () => {
      const artizon = configurationResponseSchema.parse((await get('/artizon/api/v1/configurations')).json());
      const mori = configurationResponseSchema.parse((await get('/mori/api/v1/configurations')).json());
      expect(artizon.settings.isUseMembershipLogin).toBe(true);
      expect(mori.settings.isUseMembershipLogin).toBe(false);
      expect(mori.settings.isOnlyStartMailConfirm).toBe(true);
    });

    it('answers a valid configuration for each of the 14 sites', async () => {
      for (const code of DEMO_SITE_CODES) {
        const res = await get(`/${siteSlug(code)}/api/v1/configurations`);
        expect(res.statusCode, code).toBe(200);
        expect(configurationResponseSchema.parse(res.json()).siteCode).toBe(code);
      }
    });

    it('serves the tickets sub-site as the default site', async () => {
      const config = configurationResponseSchema.parse((await get('/tickets/api/v1/configurations')).json());
      expect(config.siteCode).toBe('BORDERLESS');
    });
  });

  describe('GET /field_templates', () => {
    it('lists every field with e-mail shown and required', async () => {
      for (const slug of ['borderless', 'cancanfactory']) {
        const fields = fieldTemplatesResponseSchema.parse(
          (await get(`/${slug}/api/v1/field_templates`)).json(),
        );
        expect(fields.map((f) => f.field_name).sort()).toEqual([...FIELD_NAMES].sort());
        expect(fields.find((f) => f.field_name === 'email')).toMatchObject({
          is_display: true,
          is_require: true,
        });
      }
    });

    it('keeps MORI to the e-mail address alone', async () => {
      const fields = fieldTemplatesResponseSchema.parse((await get('/mori/api/v1/field_templates')).json());
      expect(fields.filter((f) => f.is_display).map((f) => f.field_name)).toEqual(['email']);
    });

    it('uses a free-text residence field on the site configured for text input', async () => {
      const fields = fieldTemplatesResponseSchema.parse(
        (await get('/lab-exhibition/api/v1/field_templates')).json(),
      );
      expect(fields.find((f) => f.field_name === 'resident_area')?.field_type).toBe('text');
      const config = configurationResponseSchema.parse(
        (await get('/lab-exhibition/api/v1/configurations')).json(),
      );
      expect(config.settings.signIn.residentArea.inputType).toBe('text');
    });
  });

  describe('GET /paymentmethods', () => {
    it('lists the enabled web methods of BORDERLESS in order, named in the language asked for', async () => {
      const res = await get('/borderless/api/v1/paymentmethods?lang=en&channel=web');
      expect(res.statusCode).toBe(200);
      const methods = paymentMethodsResponseSchema.parse(res.json());
      expect(methods.map((m) => m.payment_method_type)).toEqual([
        'stripe_secure',
        'gmo_3ds',
        'gmo_paypay',
        'alipay',
        'd_pay',
        'free',
      ]);
      // Two card processors, both with 3-D Secure: the visitor tells them apart by name.
      expect(methods.slice(0, 2).map((m) => m.name)).toEqual([
        'Credit card (Stripe, 3-D Secure)',
        'Credit card (3-D Secure)',
      ]);
      const ja = paymentMethodsResponseSchema.parse(
        (await get('/borderless/api/v1/paymentmethods?lang=ja&channel=web')).json(),
      );
      expect(ja.slice(0, 2).map((m) => m.name)).toEqual([
        'クレジットカード(Stripe・本人認証)',
        'クレジットカード(本人認証)',
      ]);
    });

    it('defaults to the web channel and scopes by site and channel', async () => {
      const web = paymentMethodsResponseSchema.parse(
        (await get('/softbank/api/v1/paymentmethods?lang=ja')).json(),
      );
      expect(web.map((m) => m.payment_method_type)).toContain('softbank_credit');
      // SoftBank's methods, and the card method its second card processor takes (gmo_3ds, ADR 101).
      expect(
        web.every(
          (m) =>
            m.payment_method_type.startsWith('softbank_') ||
            ['free', 'gmo_3ds'].includes(m.payment_method_type),
        ),
      ).toBe(true);
      const spot = paymentMethodsResponseSchema.parse(
        (await get('/softbank/api/v1/paymentmethods?lang=ja&channel=spot')).json(),
      );
      expect(spot.map((m) => m.payment_method_type)).toEqual(['softbank_3ds', 'softbank_paypay']);
      const none = paymentMethodsResponseSchema.parse(
        (await get('/mori/api/v1/paymentmethods?lang=ja&channel=kiosk')).json(),
      );
      expect(none).toEqual([]);
    });

    it('leaves out a method switched off by staff', async () => {
      await ctx.db.$client.query(
        "UPDATE payment_methods SET enabled = false WHERE site_code = 'RUINS' AND channel = 'web' AND method = 'alipay'",
      );
      const methods = paymentMethodsResponseSchema.parse(
        (await get('/ruins/api/v1/paymentmethods?lang=en')).json(),
      );
      expect(methods.map((m) => m.payment_method_type)).not.toContain('alipay');
      expect(methods.length).toBeGreaterThan(0);
    });

    it.each([
      '/borderless/api/v1/paymentmethods?lang=fr&channel=web',
      '/borderless/api/v1/paymentmethods?lang=ja&channel=fax',
      '/borderless/api/v1/paymentmethods?channel=web',
      '/borderless/api/v1/texts?lang=xx',
      '/borderless/api/v1/texts',
    ])('answers 400 invalid request for %s', async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid request' });
    });
  });

  it('lets every site call be cached for a minute, but not a rejected query', async () => {
    for (const call of [
      'langs',
      'texts?lang=ja',
      'configurations',
      'field_templates',
      'paymentmethods?lang=ja&channel=web',
    ]) {
      const res = await get(`/borderless/api/v1/${call}`);
      expect(res.statusCode, call).toBe(200);
      expect(res.headers['cache-control'], call).toBe('public, max-age=60');
    }
    const rejected = await get('/borderless/api/v1/texts?lang=xx');
    expect(rejected.statusCode).toBe(400);
    expect(rejected.headers['cache-control']).toBeUndefined();
  });

  it('publishes every site call in the OpenAPI document', async () => {
    const res = await get('/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const call of ['langs', 'texts', 'configurations', 'field_templates', 'paymentmethods']) {
      expect(paths).toContain(`/{slug}/api/v1/${call}`);
    }
  });
});
