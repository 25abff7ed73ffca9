import { describe, expect, it } from 'vitest';
import {
  NO_SEND_VALUE,
  PAYMENT_METHODS,
  DEMO_SITE_CODES,
  siteSettingsSchema,
  siteSlug,
  type OrderProcedure,
  type SiteCode,
} from '@kippu/contract';
import { setupTestApp } from '../../../test/helper.ts';
import { readSiteSettings } from '../../domain/sites/site-settings.ts';
import { seedOnStart } from '../../seed/index.ts';
import { productUuid } from '../../seed/demo-ids.ts';

const PROCEDURES: Partial<Record<SiteCode, OrderProcedure>> = {
  DEMO: 'selectProductBeforeDate',
  RUINS: 'selectProductBeforeDate',
  NISHINIPPON_PRODUCT: 'selectProductBeforeDate',
  OKINAWA: 'selectProductBeforeDate',
  IZURA: 'selectDateBeforeProduct',
  CANCANFACTORY: 'selectDateBeforeProduct',
  NISHINIPPON_DATE: 'selectDateBeforeProduct',
  NAGAI: 'selectDateBeforeProduct',
  AZABUDAI_BORDERLESS: 'selectDateBeforeProduct',
};

const SEEDED_TABLES = [
  'sites',
  'languages',
  'texts',
  'field_templates',
  'calendar_colors',
  'payment_methods',
  'payment_method_types',
  'products',
  'option_values',
  'set_products',
  'set_product_links',
  'time_spans',
  'coupons',
  'option_lists',
];

describe('demo seed', () => {
  const ctx = setupTestApp();
  const query = <T extends object>(text: string, values: unknown[] = []) =>
    ctx.db.$client.query<T>(text, values).then((r) => r.rows);

  /** Each site's settings as GET /configurations serves them (stored document, lists, columns). */
  const settingsOf = async () => {
    const rows = await query<{ code: SiteCode; slug: string; position: number }>(
      'SELECT code, slug, position FROM sites ORDER BY position',
    );
    return Promise.all(
      rows.map(async (row) => ({
        ...row,
        settings: siteSettingsSchema.parse(await readSiteSettings(ctx.db, row.code)),
      })),
    );
  };

  it('has all 14 sites in contract order with valid settings documents', async () => {
    const sites = await settingsOf();
    expect(sites.map((s) => s.code)).toEqual([...DEMO_SITE_CODES]);
    expect(sites.map((s) => s.slug)).toEqual(DEMO_SITE_CODES.map(siteSlug));
  });

  it('follows the spec rules for order procedure, mail confirmation and membership', async () => {
    for (const { code, settings } of await settingsOf()) {
      const expected = PROCEDURES[code];
      if (expected) expect(settings.layout.orderProcedure, code).toBe(expected);
      expect(settings.isMailConfirm, code).toBe(true);
      expect(settings.isOnlyStartMailConfirm, code).toBe(code === 'MORI');
      expect(settings.isUseMembershipLogin, code).toBe(code === 'ARTIZON');
      expect(settings.signIn.mailMagazineDefault, code).toBe(true);
    }
  });

  it('leaves the hold time to HOLD_MINUTES on every site but one, and sets each few-stock threshold', async () => {
    const rows = await query<{ code: string; hold_minutes: number | null; few_stock_threshold: number }>(
      'SELECT code, hold_minutes, few_stock_threshold FROM sites ORDER BY position',
    );
    expect(rows.filter((r) => r.hold_minutes !== null).map((r) => [r.code, r.hold_minutes])).toEqual([
      ['ARTIZON', 30],
    ]);
    for (const row of rows) expect(row.few_stock_threshold, row.code).toBeGreaterThan(0);
  });

  it('gives each site the kind of venue it is', async () => {
    const kinds = Object.fromEntries((await settingsOf()).map((s) => [s.code, s.settings.kind]));
    expect(kinds).toMatchObject({
      ARTIZON: 'museum',
      CANCANFACTORY: 'cafe',
      NAGAI: 'garden',
      BORDERLESS: 'art',
    });
    expect(Object.values(kinds).filter((k) => k === 'art')).toHaveLength(11);
  });

  it('colours the calendar on most sites but not all, and stores colours only where colorized', async () => {
    const sites = await settingsOf();
    const plain = sites.filter((s) => !s.settings.calendar.colorized).map((s) => s.code);
    expect(plain.length).toBeGreaterThanOrEqual(2);
    expect(plain.length).toBeLessThanOrEqual(3);
    const coloured = await query<{ site_code: string }>('SELECT DISTINCT site_code FROM calendar_colors');
    const colouredSites = coloured.map((r) => r.site_code);
    for (const code of plain) expect(colouredSites).not.toContain(code);
    expect(colouredSites).toHaveLength(DEMO_SITE_CODES.length - plain.length);
  });

  it('starts every select list with the no-selection item and offers the agreed option lists', async () => {
    const sites = await settingsOf();
    for (const { code, settings } of sites) {
      const { signIn } = settings;
      const lists = [signIn.genderOptions, signIn.ageOptions, signIn.question1Items];
      if (signIn.residentArea.inputType === 'select') lists.push(signIn.residentArea.options);
      for (const list of lists) expect(list[0]?.value, code).toBe(NO_SEND_VALUE);
    }
    const residence = sites.map((s) => s.settings.signIn.residentArea);
    expect(residence.filter((r) => r.inputType === 'text')).toHaveLength(1);
    const prefectureLists = residence.filter((r) => r.options.length === 49); // none + 47 + other
    expect(prefectureLists.length).toBeGreaterThan(7);
    const countryLists = residence.filter((r) => r.options.length > 190);
    expect(countryLists.length).toBeGreaterThanOrEqual(1);
    expect(countryLists.length).toBeLessThanOrEqual(2);
    expect(countryLists[0]!.options.find((o) => o.value === 'japan')?.text.ja).toContain('日本');
  });

  it('uses the black logo on light sites and the white one on dark sites', async () => {
    for (const { code, settings } of await settingsOf()) {
      const darkBackground = luminance(settings.theme.background) < 0.2;
      expect(settings.logo.variant, code).toBe(darkBackground ? 'white' : 'black');
    }
  });

  it('has theme colours with at least WCAG AA contrast for text on the primary colour', async () => {
    const primaries = new Set<string>();
    for (const { code, settings } of await settingsOf()) {
      expect(contrast(settings.theme.primary, settings.theme.onPrimary), code).toBeGreaterThanOrEqual(4.5);
      primaries.add(settings.theme.primary);
    }
    expect(primaries.size).toBe(DEMO_SITE_CODES.length);
  });

  it('adds a second card processor on two sites and a third processor on one', async () => {
    const sites = await settingsOf();
    expect(
      sites
        .filter((s) => s.settings.payment.secondaryCardProcessor)
        .map((s) => s.code)
        .sort(),
    ).toEqual(['NISHINIPPON_PRODUCT', 'SOFTBANK']);
    expect(sites.filter((s) => s.settings.payment.thirdProcessor)).toHaveLength(1);
  });

  it('covers all 12 payment methods across the sites, each with a name in every language', async () => {
    const used = await query<{ method: string }>('SELECT DISTINCT method FROM payment_methods');
    expect(used.map((r) => r.method).sort()).toEqual([...PAYMENT_METHODS].sort());
    const named = await query<{ method: string; names: Record<string, string> }>(
      'SELECT method, names FROM payment_method_types',
    );
    expect(named).toHaveLength(PAYMENT_METHODS.length);
    for (const { method, names } of named) expect(Object.keys(names).sort(), method).toHaveLength(6);
  });

  it('gives every site 2 to 4 products with ticket types, and the garden a date product', async () => {
    const counts = await query<{ site_code: string; n: number; types: string[] }>(
      `SELECT site_code, count(*)::int AS n, array_agg(DISTINCT product_type) AS types
       FROM products GROUP BY site_code`,
    );
    expect(counts).toHaveLength(DEMO_SITE_CODES.length);
    for (const { site_code, n } of counts) {
      expect(n, site_code).toBeGreaterThanOrEqual(2);
      expect(n, site_code).toBeLessThanOrEqual(4);
    }
    expect(counts.find((c) => c.site_code === 'NAGAI')!.types).toContain('date');
    expect(counts.flatMap((c) => c.types)).toContain('period');
    const withoutOptions = await query(
      'SELECT p.id FROM products p WHERE NOT EXISTS (SELECT 1 FROM option_values o WHERE o.product_id = p.id)',
    );
    expect(withoutOptions).toEqual([]);
    const links = await query<{ n: number }>('SELECT count(*)::int AS n FROM set_product_links');
    expect(links[0]!.n).toBeGreaterThan(10);
  });

  it('has slots on each of the next 90 Tokyo days for a time product', async () => {
    // The window starts on the Tokyo day the seed ran; a Tokyo midnight may have passed since (the next
    // start adds the new day), so the first day is today or yesterday and 90 days follow it without a gap.
    const [window] = await query<{ days: number; span: number; first_behind: number }>(
      `SELECT count(DISTINCT day)::int AS days, (max(day) - min(day) + 1)::int AS span,
              ((now() AT TIME ZONE 'Asia/Tokyo')::date - min(day))::int AS first_behind
       FROM (SELECT (t.starts_at AT TIME ZONE 'Asia/Tokyo')::date AS day
             FROM time_spans t JOIN products p ON p.id = t.product_id WHERE p.uuid = $1) d`,
      [productUuid('BORDERLESS', 'entry')],
    );
    expect(window).toMatchObject({ days: 90, span: 90 });
    expect([0, 1]).toContain(window!.first_behind);
    const firstSlots = await query<{ local: string }>(
      `SELECT to_char(min(t.starts_at AT TIME ZONE 'Asia/Tokyo'), 'HH24:MI') AS local
       FROM time_spans t JOIN products p ON p.id = t.product_id WHERE p.uuid = $1`,
      [productUuid('BORDERLESS', 'entry')],
    );
    expect(firstSlots[0]!.local).toBe('10:00');
  });

  it('leaves the weekly closing day without stock', async () => {
    const tuesdays = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM time_spans t JOIN products p ON p.id = t.product_id
       WHERE p.site_code = 'LAB_EXHIBITION' AND extract(isodow FROM t.starts_at AT TIME ZONE 'Asia/Tokyo') = 2`,
    );
    expect(tuesdays[0]!.n).toBe(0);
  });

  it('keeps the stock table small enough for a quick start', async () => {
    const [row] = await query<{ n: number }>('SELECT count(*)::int AS n FROM time_spans');
    expect(row!.n).toBeGreaterThan(10_000);
    expect(row!.n).toBeLessThan(60_000);
  });

  it('is idempotent: a restart changes no row counts and keeps product ids', async () => {
    // A restart after a Tokyo midnight adds the new day's stock and colours (the window moves on), so the
    // dated tables are counted up to the last day there before the restart, and anything new must lie after it.
    const [{ lastStart, lastColor }] = (await query<{ lastStart: string; lastColor: string }>(
      `SELECT (SELECT max(starts_at) FROM time_spans)::text AS "lastStart",
              (SELECT max(date) FROM calendar_colors)::text AS "lastColor"`,
    )) as [{ lastStart: string; lastColor: string }];
    const upToLastDay: Record<string, [string, string]> = {
      time_spans: ['starts_at <= $1::timestamptz', lastStart],
      calendar_colors: ['date <= $1::date', lastColor],
    };
    const countOf = async (table: string) => {
      const [where, last] = upToLastDay[table] ?? ['true', null];
      const [row] = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
        last === null ? [] : [last],
      );
      return row!.n;
    };
    const countAll = async () =>
      Object.fromEntries(
        await Promise.all(SEEDED_TABLES.map(async (table) => [table, await countOf(table)] as const)),
      );
    const ids = async () => query('SELECT id, uuid FROM products ORDER BY id');
    const before = await countAll();
    const idsBefore = await ids();
    await seedOnStart(ctx.db, { demo: true });
    expect(await countAll()).toEqual(before);
    expect(await ids()).toEqual(idsBefore);
    const [added] = await query<{ days: number }>(
      `SELECT count(DISTINCT day)::int AS days FROM (
         SELECT (starts_at AT TIME ZONE 'Asia/Tokyo')::date AS day FROM time_spans WHERE starts_at > $1::timestamptz
         UNION SELECT date FROM calendar_colors WHERE date > $2::date) d`,
      [lastStart, lastColor],
    );
    // Only a Tokyo midnight between the two seeds adds rows, and then for one new day.
    expect(added!.days).toBeLessThanOrEqual(1);
  });
});

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
