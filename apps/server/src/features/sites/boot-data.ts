import { FALLBACK_LANG, isLangCode, type LangCode, type SiteCode } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { getConfiguration } from './services/get-configuration.ts';
import { listLanguages } from './services/list-languages.ts';
import { listTexts } from './services/list-texts.ts';

/**
 * What every visitor's first render needs (issue 12), so the SPA starts without a chain of calls: the same
 * answers as GET /configurations, /langs and /texts?lang= (public data only, ADR 014). The server draws the
 * page's first paint with all of it; the page carries the configuration and languages in
 * `<script id="kippu-boot" type="application/json">` and preloads the texts (plugins/site-pages.ts).
 */
export interface BootData {
  lang: LangCode;
  configuration: Awaited<ReturnType<typeof getConfiguration>>;
  langs: Awaited<ReturnType<typeof listLanguages>>;
  /** The texts of `lang`, key → text (the shape the SPA builds from GET /texts). */
  texts: Record<string, string>;
  /** True when `lang` is the browser's preferred language on a site that follows it (ADR 110). */
  browserLanguage?: true;
}

/**
 * The page's language: the one requested (the page's `?lang=`, else the language cookie of ADR 041) when
 * the site offers it; else, on a site whose `language.followBrowser` is on, the first of the browser's
 * preferred languages it offers (ADR 110); else the site's default language (what a first visit starts in,
 * spec §4), else the first offered.
 */
export async function loadBootData(
  db: Db,
  env: Env,
  site: SiteCode,
  requested?: string,
  browserLangs: readonly LangCode[] = [],
): Promise<BootData> {
  const [configuration, langs] = await Promise.all([
    getConfiguration(db, env, site),
    listLanguages(db, site),
  ]);
  const offered = langs.map((language) => language.code);
  const fromBrowser = configuration.settings.language?.followBrowser
    ? browserLangs.find((code) => offered.includes(code))
    : undefined;
  const lang: LangCode =
    isLangCode(requested) && offered.includes(requested)
      ? requested
      : (fromBrowser ?? langs.find((language) => language.is_default)?.code ?? offered[0] ?? FALLBACK_LANG);
  const texts = await listTexts(db, site, lang);
  const byBrowser = !(isLangCode(requested) && offered.includes(requested)) && fromBrowser !== undefined;
  return {
    lang,
    configuration,
    langs,
    texts: Object.fromEntries(texts.map(({ key, text }) => [key, text])),
    ...(byBrowser ? { browserLanguage: true as const } : {}),
  };
}
