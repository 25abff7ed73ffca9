import { LANG_CODES, type LocalizedText } from '@kippu/contract';
import type { CreateProductBody } from '@kippu/contract/console/catalogue-products';

/** Test support for the console's catalogue routes. */
export function inEveryLanguage(text: string): LocalizedText {
  return Object.fromEntries(LANG_CODES.map((lang) => [lang, `${text} (${lang})`])) as LocalizedText;
}

export const EMPTY_TEXT: LocalizedText = Object.fromEntries(
  LANG_CODES.map((lang) => [lang, '']),
) as LocalizedText;

/** A complete new product: a timed product with two ticket types, every text in the six languages. */
export function newProduct(patch: Partial<CreateProductBody> = {}): CreateProductBody {
  return {
    product_type: 'time',
    names: inEveryLanguage('Console exhibition'),
    descriptions: inEveryLanguage('An exhibition made in the console'),
    cautions: EMPTY_TEXT,
    image_url: null,
    sale_channels: ['web'],
    min_quantity: 1,
    max_quantity: 10,
    sale_starts_at: null,
    sale_ends_at: null,
    entry_opens_minutes_before: 15,
    entry_closes_minutes_after: 30,
    date_changeable: false,
    date_change_until_minutes: 0,
    date_change_group: null,
    ticket_types: [
      { names: inEveryLanguage('Adult'), price: 2000 },
      { names: inEveryLanguage('Child'), price: 800 },
    ],
    ...patch,
  };
}

/** The editable fields of a read product, as the editor sends them back. */
export function fieldsOf(product: Record<string, unknown>): Record<string, unknown> {
  const keys = [
    'names',
    'descriptions',
    'cautions',
    'image_url',
    'sale_channels',
    'min_quantity',
    'max_quantity',
    'sale_starts_at',
    'sale_ends_at',
    'entry_opens_minutes_before',
    'entry_closes_minutes_after',
    'date_changeable',
    'date_change_until_minutes',
    'date_change_group',
  ];
  return Object.fromEntries(keys.map((key) => [key, product[key]]));
}

/**
 * Asks until `read` answers what `done` accepts: visitors' reads may be kept up to a second by the answer
 * cache (ADR 033), so a console change shows on the next read after that. Fails after `tries` reads.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  tries = 60,
): Promise<T> {
  let last = await read();
  for (let i = 0; i < tries && !done(last); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  return last;
}
