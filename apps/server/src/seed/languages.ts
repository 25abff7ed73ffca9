import type { LangCode } from '@kippu/contract';
import type { Db } from '../db/client.ts';
import { languages } from '../db/schema.ts';
import { SITE_DEFINITIONS } from './data/site-definitions.ts';
import { siteCodesPresent } from './sites.ts';

/** Each language named in its own script, in picker order. */
const DISPLAY_NAMES: [LangCode, string][] = [
  ['ja', '日本語'],
  ['en', 'English'],
  ['zh-hans', '简体中文'],
  ['kr', '한국어'],
  ['zh-hant', '繁體中文'],
  ['th', 'ไทย'],
];

/** Japanese is the default everywhere except the international Okinawa site, which opens in English. */
const DEFAULT_LANG_OVERRIDES: Partial<Record<string, LangCode>> = { OKINAWA: 'en' };

/** The six languages of each reference site, inserted when absent: staff may reorder them or change the default. */
export async function seedLanguages(db: Db): Promise<void> {
  const present = await siteCodesPresent(db);
  const rows = SITE_DEFINITIONS.filter(({ code }) => present.has(code)).flatMap(({ code }) => {
    const defaultLang = DEFAULT_LANG_OVERRIDES[code] ?? 'ja';
    return DISPLAY_NAMES.map(([lang, displayName], index) => ({
      siteCode: code,
      code: lang,
      displayName,
      displayPosition: index + 1,
      isDefault: lang === defaultLang,
    }));
  });
  await db
    .insert(languages)
    .values(rows)
    .onConflictDoNothing({ target: [languages.siteCode, languages.code] });
}
