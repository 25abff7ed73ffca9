import {
  siteModeSchema,
  storedSiteSettingsSchema,
  type OptionItem,
  type SiteCode,
  type SiteMode,
  type SiteSettings,
  type StoredOptionList,
} from '@kippu/contract';
import type { Db } from '../../db/client.ts';

const SITE_SETTINGS = 'SELECT settings, calendar_colorized FROM sites WHERE code = $1';
const SITE_MODE = 'SELECT mode FROM sites WHERE code = $1';
const OPTION_LISTS = 'SELECT name, items FROM option_lists WHERE name = ANY($1::text[])';

/**
 * The settings the browser may see (ADR 014): the site's stored document, checked against the contract,
 * with its named select lists filled in from `option_lists` and `calendar.colorized` from its column;
 * null for an unknown site. Nothing else is added: server-only columns and `site_secrets` never reach
 * this object, and a secret key pasted into the document fails the check here instead of being served.
 */
export async function readSiteSettings(db: Db, site: SiteCode): Promise<SiteSettings | null> {
  const { rows } = await db.$client.query<{ settings: unknown; calendar_colorized: boolean }>(SITE_SETTINGS, [
    site,
  ]);
  if (!rows[0]) return null;
  const stored = storedSiteSettingsSchema.parse(rows[0].settings);
  const { signIn } = stored;
  const named = [
    signIn.residentArea.options,
    signIn.genderOptions,
    signIn.ageOptions,
    signIn.question1Items,
  ].flatMap((list) => ('list' in list ? [list.list] : []));
  const lists = new Map<string, OptionItem[]>();
  if (named.length > 0) {
    const found = await db.$client.query<{ name: string; items: OptionItem[] }>(OPTION_LISTS, [named]);
    for (const { name, items } of found.rows) lists.set(name, items);
  }
  const items = (list: StoredOptionList): OptionItem[] => {
    if (!('list' in list)) return list;
    const found = lists.get(list.list);
    if (!found)
      throw new Error(`site ${site} names the select list "${list.list}", missing from option_lists`);
    return found;
  };
  return {
    ...stored,
    signIn: {
      ...signIn,
      residentArea: { ...signIn.residentArea, options: items(signIn.residentArea.options) },
      genderOptions: items(signIn.genderOptions),
      ageOptions: items(signIn.ageOptions),
      question1Items: items(signIn.question1Items),
    },
    calendar: { colorized: rows[0].calendar_colorized },
  };
}

/**
 * The site's mode (`sites.mode`, set in the console's site settings; ADR 112 addendum): `demo`, `reconnect`
 * or null. Kept out of `settings` because the configuration answer carries it beside them (spec §1).
 */
export async function readSiteMode(db: Db, site: SiteCode): Promise<SiteMode> {
  const { rows } = await db.$client.query<{ mode: SiteMode }>(SITE_MODE, [site]);
  return siteModeSchema.parse(rows[0]?.mode ?? null);
}
