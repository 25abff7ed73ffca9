import { randomUUID } from 'node:crypto';
import {
  LANG_CODES,
  siteSlug,
  type LocalizedText,
  type SiteCode,
  type StoredSiteSettings,
} from '@kippu/contract';
import type { Db } from '../src/db/client.ts';
import {
  coupons,
  optionValues,
  products,
  setProductLinks,
  setProducts,
  sites,
  timeSpans,
} from '../src/db/schema.ts';

/** The same text in every language: fixtures care about structure, not wording. */
export function everyLang(text: string): LocalizedText {
  return Object.fromEntries(LANG_CODES.map((lang) => [lang, `${text} (${lang})`])) as LocalizedText;
}

/** A stored settings document (`sites.settings`); server-only values are columns (ensureSite). */
export function testSiteSettings(patch: Partial<StoredSiteSettings> = {}): StoredSiteSettings {
  return {
    kind: 'art',
    name: everyLang('Test site'),
    isMailConfirm: true,
    isOnlyStartMailConfirm: false,
    isUseMembershipLogin: false,
    pageTitle: everyLang('Test tickets'),
    theme: { primary: '#111111', onPrimary: '#ffffff', accent: '#e4007f', background: '#ffffff' },
    logo: { variant: 'black', pc: { width: 160, height: 32 }, sp: { width: 120, height: 24 } },
    printLogo: true,
    footer: {
      showProviderBrand: false,
      copyright: null,
      appDownloadUrl: null,
      exhibitionInfoUrl: null,
      helpUrl: null,
      extraLinks: [],
      termsUrl: null,
      legalNoticeUrl: null,
      privacyUrl: null,
    },
    signIn: {
      residentArea: { inputType: 'select', options: [] },
      genderOptions: [],
      ageOptions: [],
      question1Items: [],
      mailMagazineDefault: true,
      teamlabMailMagazineDefault: false,
    },
    ticketDisplay: {
      displayType: 'fusion',
      headerColor: { pc: '#111111', sp: '#111111' },
      headerLogo: { pc: true, sp: true },
    },
    currency: 'JPY',
    payment: {
      cardProviderKeys: {},
      merchantIds: {},
      deviceFingerprintScriptUrl: null,
      secondaryCardProcessor: null,
      thirdProcessor: null,
    },
    analytics: { tagManagerId: null, gatagKeyUrl: null },
    completePage: { showGoToTicketButton: true },
    layout: { orderProcedure: 'selectProductBeforeDate' },
    appDownloadModalImage: null,
    ...patch,
  };
}

/** The server-only settings of a test site (typed columns of `sites`, ADR 014). */
export interface TestSiteColumns {
  holdMinutes?: number | null;
  fewStockThreshold?: number;
  calendarColorized?: boolean;
}

export const TEST_SITE_COLUMNS = { holdMinutes: null, fewStockThreshold: 5, calendarColorized: true };

/** Makes sure a site row exists (the seeded template normally has all 14). */
export async function ensureSite(
  db: Db,
  code: SiteCode,
  settings?: Partial<StoredSiteSettings>,
  columns: TestSiteColumns = {},
): Promise<void> {
  await db
    .insert(sites)
    .values({
      code,
      slug: siteSlug(code),
      position: 99,
      settings: testSiteSettings(settings),
      ...TEST_SITE_COLUMNS,
      ...columns,
    })
    .onConflictDoNothing();
}

export interface ProductFixture {
  id: number;
  uuid: string;
  optionValueIds: number[];
}

export async function createProduct(
  db: Db,
  input: {
    site?: SiteCode;
    type?: 'period' | 'date' | 'time';
    channels?: string[];
    prices?: number[];
    minQuantity?: number;
    maxQuantity?: number;
    saleStartsAt?: Date | null;
    saleEndsAt?: Date | null;
  } = {},
): Promise<ProductFixture> {
  const site = input.site ?? 'DEMO';
  await ensureSite(db, site);
  const [product] = await db
    .insert(products)
    .values({
      uuid: randomUUID(),
      siteCode: site,
      productType: input.type ?? 'time',
      names: everyLang('Fixture product'),
      descriptions: everyLang('A product made by a test'),
      cautions: everyLang('No caution'),
      saleChannels: input.channels ?? ['web', 'spot'],
      minQuantity: input.minQuantity ?? 1,
      maxQuantity: input.maxQuantity ?? 10,
      saleStartsAt: input.saleStartsAt ?? null,
      saleEndsAt: input.saleEndsAt ?? null,
    })
    .returning();
  const values = await db
    .insert(optionValues)
    .values(
      (input.prices ?? [3000, 1000]).map((price, position) => ({
        productId: product!.id,
        names: everyLang(`Ticket ${position}`),
        price,
        position,
      })),
    )
    .returning();
  return { id: product!.id, uuid: product!.uuid, optionValueIds: values.map((v) => v.id) };
}

/** A slot of `minutes` (default 30) starting at `startsAt`, by default three days from now. */
let lastDefaultStartMs = 0;

/**
 * Three days ahead, and never the same millisecond twice in a process: a product has one slot per start time
 * (a unique index), and two slots of one product made within one millisecond failed the second insert.
 */
function defaultStart(): Date {
  lastDefaultStartMs = Math.max(Date.now() + 3 * 24 * 3600 * 1000, lastDefaultStartMs + 1);
  return new Date(lastDefaultStartMs);
}

export async function createTimeSpan(
  db: Db,
  input: { productId: number; capacity: number; startsAt?: Date; minutes?: number; onSale?: boolean },
): Promise<number> {
  const startsAt = input.startsAt ?? defaultStart();
  const [span] = await db
    .insert(timeSpans)
    .values({
      productId: input.productId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + (input.minutes ?? 30) * 60 * 1000),
      capacity: input.capacity,
      onSale: input.onSale ?? true,
    })
    .returning({ id: timeSpans.id });
  return span!.id;
}

export async function createCoupon(
  db: Db,
  input: Partial<typeof coupons.$inferInsert> & { code: string },
): Promise<number> {
  const [coupon] = await db
    .insert(coupons)
    .values({
      siteCode: 'DEMO',
      names: everyLang(`Coupon ${input.code}`),
      campaign: 'test-campaign',
      discountType: 'percent',
      discountValue: 10,
      channels: ['web'],
      ...input,
    })
    .returning({ id: coupons.id });
  return coupon!.id;
}

/** An add-on (audio guide, drink) of a site, sold with the given products. Answers its uuid. */
export async function createSetProduct(
  db: Db,
  input: { site: SiteCode; name: string; price: number; position?: number; productIds: number[] },
): Promise<string> {
  const [row] = await db
    .insert(setProducts)
    .values({
      uuid: randomUUID(),
      siteCode: input.site,
      names: everyLang(input.name),
      descriptions: everyLang(`${input.name} description`),
      price: input.price,
      position: input.position ?? 0,
    })
    .returning();
  if (input.productIds.length > 0) {
    await db
      .insert(setProductLinks)
      .values(input.productIds.map((productId) => ({ setProductId: row!.id, productId })));
  }
  return row!.uuid;
}
