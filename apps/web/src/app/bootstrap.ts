import type { i18n } from 'i18next';
import { getTexts } from '../shared/api/endpoints/texts.ts';
import { initI18n } from '../shared/i18n/i18n.ts';
import {
  applyLanguages,
  startLanguage,
  supportedLanguage,
  takeLangQueryParam,
} from '../shared/i18n/language-rules.ts';
import { rememberedLanguage, rememberLanguage } from '../shared/i18n/remembered-language.ts';
import { noteLanguageStored } from '../shared/i18n/language-stored-at-start.ts';
import { readBootData, type BootData } from '../shared/site/boot-data.ts';
import { currentSite } from '../shared/site/detect-site.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';

const noReload = () => undefined;

/**
 * Start-up (spec §2, §4): detect the site, take the data the server put into the page (issue 12), apply
 * and remove a `lang` query parameter, then the texts of the current language (preloaded by the page when
 * it is the page's). With the page's data the language list and the site configuration
 * are known before the first render, so nothing moves when they would otherwise arrive, and a first visit
 * starts in the site's default language without a reload.
 */
export async function bootstrap(): Promise<{ i18n: i18n; boot: BootData | null }> {
  const site = currentSite();
  const boot = readBootData();
  // Whether this browser had a language for the site before this page (the spot landing asks otherwise).
  noteLanguageStored(useCoreStore.getState().langCode !== null || rememberedLanguage(site) !== null);
  if (boot) {
    // A new tab has no language of its own yet: it goes on in the one this browser last used here, which
    // the server drew the page in (ADR 041), or the browser's own the server chose for a first visit (ADR 110).
    if (
      useCoreStore.getState().langCode === null &&
      (rememberedLanguage(site) === boot.lang || boot.browserLanguage === true)
    ) {
      useCoreStore.getState().set({ langCode: boot.lang });
    }
    // Before any text is loaded, so a changed default needs no reload.
    applyLanguages(boot.langs, startLanguage(), noReload);
    useCoreStore.getState().set({ configuration: boot.configuration });
  }
  const fromQuery = takeLangQueryParam();
  if (fromQuery) {
    noteLanguageStored(true);
    const { languages, defaultLangCode, set } = useCoreStore.getState();
    set({ langCode: supportedLanguage(fromQuery, languages, defaultLangCode) });
  }
  const lang = startLanguage();
  rememberLanguage(site, lang);
  // The page preloads its language's texts (the same call), so in that language this answer is there already.
  // A failed load already queued the connection-error dialog; the app still starts.
  const texts = await getTexts(lang).catch(() => ({}));
  return { i18n: await initI18n(lang, texts), boot };
}
