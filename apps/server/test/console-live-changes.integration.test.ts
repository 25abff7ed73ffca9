import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  productsResponseSchema,
  stocksResponseSchema,
  textsResponseSchema,
  type Product,
  type Slot,
} from '@kippu/contract';
import { productResponseSchema, type ProductDetail } from '@kippu/contract/console/catalogue-products';
import { heatmapSchema, slotResponseSchema } from '@kippu/contract/console/schedule-schemas';
import { siteTextsSchema } from '@kippu/contract/console/settings-schemas';
import { tokyoToday } from '../src/db/tokyo-today.ts';
import {
  signedIn,
  twoOrganisations,
  type ConsoleAs,
} from '../src/features/console/operations/operations-test-support.ts';
import { setupTestApp } from './helper.ts';

/**
 * Issue 28, "Everything live and safe": a change made through the console API reaches the visitor API as soon
 * as the caches allow (availability and prices: the answer cache's second; product texts with the catalogue's
 * answers; a site's own texts with the site's texts, which the server reads afresh for every answer). Each change is polled for on the visitor API: no timed assertion, a bounded poll that says what the
 * visitor last saw when the change never shows.
 */
const ctx = setupTestApp();
let owner: ConsoleAs;

beforeAll(async () => {
  const orgs = await twoOrganisations(ctx.db, 'live-changes');
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', ['DEMO']);
});

const SITE = 'DEMO';
const VISITOR_API = '/demo/api/v1';
/** Polls this often, this many times (about 15 s in all: a cache of one second, a loaded machine). */
const POLL_MS = 100;
const POLL_TRIES = 150;

/**
 * Asks `read` until `shows` holds for its answer; fails naming `what` and the last answer otherwise.
 */
async function untilVisitorSees<T>(
  what: string,
  read: () => Promise<T>,
  shows: (answer: T) => boolean,
): Promise<T> {
  let last: T | undefined;
  for (let attempt = 0; attempt < POLL_TRIES; attempt += 1) {
    last = await read();
    if (shows(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(
    `The visitor API never showed ${what} after ${POLL_TRIES} polls; it last answered ${JSON.stringify(last)}`,
  );
}

async function visitorGet(path: string): Promise<unknown> {
  const res = await ctx.app.inject({ method: 'GET', url: `${VISITOR_API}${path}` });
  if (res.statusCode !== 200) throw new Error(`GET ${path} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

async function visitorProduct(uuid: string, lang: 'en' | 'ja'): Promise<Product | undefined> {
  const products = productsResponseSchema.parse(await visitorGet(`/products?lang=${lang}`));
  return products.find((product) => product.uuid === uuid);
}

async function visitorSlots(uuid: string, date: string): Promise<Slot[]> {
  return stocksResponseSchema.parse(
    await visitorGet(`/products/stocks?date=${date}&product_id=${uuid}&lang=en`),
  );
}

/** A console write that must succeed: its answer's JSON, or a failure with what the server said. */
async function ok(response: Promise<{ statusCode: number; body: string; json(): unknown }>, what: string) {
  const res = await response;
  if (res.statusCode !== 200) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

function names(en: string, ja: string) {
  return { ja, en, 'zh-hans': `${en} 简`, kr: `${en} 한`, 'zh-hant': `${en} 繁`, th: `${en} ไทย` };
}

describe('console changes reach the visitor API (issue 28)', () => {
  it('a price, a slot’s capacity and a product text, each polled for on the visitor side', async () => {
    const today = await tokyoToday(ctx.db);
    const day = addDays(today, 5);
    const tag = `Live ${process.pid}-${Date.now().toString(36)}`;

    // A published product with one ticket type and two slots on `day`, all made through the console API.
    const created = productResponseSchema.parse(
      await ok(
        owner.post(`/sites/${SITE}/products`, {
          product_type: 'time',
          names: names(tag, `ライブ ${tag}`),
          descriptions: names(`${tag} description`, `${tag} の説明`),
          cautions: names(`${tag} caution`, `${tag} の注意`),
          image_url: null,
          sale_channels: ['web'],
          min_quantity: 1,
          max_quantity: 10,
          sale_starts_at: null,
          sale_ends_at: null,
          entry_opens_minutes_before: null,
          entry_closes_minutes_after: null,
          date_changeable: false,
          date_change_until_minutes: 0,
          date_change_group: null,
          ticket_types: [{ names: names('Adult', '大人'), price: 1800 }],
        }),
        'creating the product',
      ),
    ).product;
    await ok(
      owner.post(`/sites/${SITE}/slots/generate`, {
        product_uuid: created.uuid,
        from: day,
        to: day,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        times: { kind: 'list', times: ['10:00', '10:30'] },
        length_minutes: 30,
        capacity: 20,
      }),
      'generating the slots',
    );
    // A draft is not the visitor's.
    expect(await visitorProduct(created.uuid, 'en')).toBeUndefined();
    let product: ProductDetail = productResponseSchema.parse(
      await ok(
        owner.post(`/sites/${SITE}/products/${created.id}/publish`, {
          expected_version: created.version,
        }),
        'publishing the product',
      ),
    ).product;
    const ticketType = product.ticket_types[0]!;

    // The visitor sees it as published: its name, its price, both slots with their 20 places.
    const seen = await untilVisitorSees(
      'the published product',
      () => visitorProduct(product.uuid, 'en'),
      (answer) => answer !== undefined,
    );
    expect(seen).toMatchObject({ name: tag });
    expect(seen!.option_values.map((value) => value.price)).toEqual([1800]);
    const slots = await visitorSlots(product.uuid, day);
    expect(slots.map((slot) => [slot.capacity, slot.remaining])).toEqual([
      [20, 20],
      [20, 20],
    ]);

    // A price: future sales only, and the product list shows it.
    product = productResponseSchema.parse(
      await ok(
        owner.put(`/sites/${SITE}/ticket-types/${ticketType.id}`, {
          names: ticketType.names,
          price: 2300,
          expected_version: ticketType.version,
        }),
        'changing the price',
      ),
    ).product;
    await untilVisitorSees(
      'the new price 2300',
      () => visitorProduct(product.uuid, 'en'),
      (answer) => answer?.option_values[0]?.price === 2300,
    );

    // A slot's capacity: the second slot down to 7 (read from the heatmap as the screen does).
    const heatmap = heatmapSchema.parse(
      await ok(
        owner.get(`/sites/${SITE}/slots?from=${day}&to=${day}&product=${product.uuid}`),
        'reading the heatmap',
      ),
    );
    const second = heatmap.slots.find((slot) => slot.start_time === '10:30');
    expect(second, 'the 10:30 slot in the heatmap').toBeDefined();
    const changed = slotResponseSchema.parse(
      await ok(
        owner.patch(`/sites/${SITE}/slots/${second!.id}`, {
          expected_version: second!.version,
          capacity: 7,
        }),
        'changing the capacity',
      ),
    ).slot;
    expect(changed).toMatchObject({ capacity: 7 });
    const after = await untilVisitorSees(
      'the 10:30 slot’s capacity of 7',
      () => visitorSlots(product.uuid, day),
      (answer) => answer.find((slot) => slot.id === second!.id)?.capacity === 7,
    );
    expect(after.find((slot) => slot.id === second!.id)).toMatchObject({ capacity: 7, remaining: 7 });
    // The other slot is untouched.
    expect(after.find((slot) => slot.id !== second!.id)).toMatchObject({ capacity: 20, remaining: 20 });

    // A text: the product's English name (and its Japanese one stays).
    const renamed = `${tag} renamed`;
    product = productResponseSchema.parse(
      await ok(
        owner.put(`/sites/${SITE}/products/${product.id}`, {
          names: { ...product.names, en: renamed },
          descriptions: product.descriptions,
          cautions: product.cautions,
          image_url: product.image_url,
          sale_channels: product.sale_channels,
          min_quantity: product.min_quantity,
          max_quantity: product.max_quantity,
          sale_starts_at: product.sale_starts_at,
          sale_ends_at: product.sale_ends_at,
          entry_opens_minutes_before: product.entry_opens_minutes_before,
          entry_closes_minutes_after: product.entry_closes_minutes_after,
          date_changeable: product.date_changeable,
          date_change_until_minutes: product.date_change_until_minutes,
          date_change_group: product.date_change_group,
          expected_version: product.version,
        }),
        'renaming the product',
      ),
    ).product;
    await untilVisitorSees(
      `the English name "${renamed}"`,
      () => visitorProduct(product.uuid, 'en'),
      (answer) => answer?.name === renamed,
    );
    expect((await visitorProduct(product.uuid, 'ja'))?.name).toBe(`ライブ ${tag}`);
    // The price change and the rename did not undo each other.
    expect((await visitorProduct(product.uuid, 'en'))?.option_values[0]?.price).toBe(2300);
  });

  it('a site text (the terms’ introduction in English), polled for on the visitor’s texts', async () => {
    const key = 'legal_terms_intro';
    const wording = `Terms of the live-change test ${process.pid}-${Date.now().toString(36)}.`;
    const texts = siteTextsSchema.parse(
      await ok(owner.get(`/sites/${SITE}/texts`), 'reading the site texts'),
    );
    await ok(
      owner.patch(`/sites/${SITE}/texts`, {
        expected_version: texts.version,
        changes: [{ key, lang: 'en', text: wording }],
      }),
      'changing the site text',
    );
    const visitorText = async (lang: 'en' | 'ja') =>
      textsResponseSchema.parse(await visitorGet(`/texts?lang=${lang}`)).find((entry) => entry.key === key)
        ?.text;
    await untilVisitorSees(
      `the new terms introduction "${wording}"`,
      () => visitorText('en'),
      (text) => text === wording,
    );
    // Only the language changed: the Japanese introduction is still the shared one.
    expect(await visitorText('ja')).not.toBe(wording);
  });
});
