import type { OptionItem } from '@kippu/contract';
import type { Db } from '../db/client.ts';
import { COUNTRY_OPTIONS } from './data/countries.ts';
import {
  AGE_ADULT_BANDS,
  AGE_DECADES,
  GENDER_BINARY,
  GENDER_WITH_UNDISCLOSED,
  HEARD_ABOUT_US,
  JAPAN_REGIONS,
} from './data/option-lists.ts';
import { PREFECTURE_OPTIONS } from './data/prefectures.ts';
import { selectList } from './localized.ts';

/**
 * The select lists the code ships, by the name a settings document gives as `{ "list": name }`.
 * Each starts with the no-selection item, as GET /configurations serves it.
 */
export const REFERENCE_OPTION_LISTS = {
  prefectures: selectList(PREFECTURE_OPTIONS),
  japan_regions: selectList(JAPAN_REGIONS),
  countries: selectList(COUNTRY_OPTIONS),
  gender_binary: selectList(GENDER_BINARY),
  gender_with_undisclosed: selectList(GENDER_WITH_UNDISCLOSED),
  age_decades: selectList(AGE_DECADES),
  age_adult_bands: selectList(AGE_ADULT_BANDS),
  heard_about_us: selectList(HEARD_ABOUT_US),
} satisfies Record<string, OptionItem[]>;
export type ReferenceOptionList = keyof typeof REFERENCE_OPTION_LISTS;

// The shipped lists belong to the code: an edited file reaches every site that names the list on the
// next start. Lists under other names (made by staff) are never touched.
const UPSERT_LISTS = `
INSERT INTO option_lists (name, items)
SELECT name, items FROM jsonb_each($1::jsonb) AS x(name, items)
ON CONFLICT (name) DO UPDATE SET items = excluded.items WHERE option_lists.items IS DISTINCT FROM excluded.items`;

export async function seedOptionLists(db: Db): Promise<void> {
  await db.$client.query(UPSERT_LISTS, [JSON.stringify(REFERENCE_OPTION_LISTS)]);
}
