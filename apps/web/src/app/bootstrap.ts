import type { i18n } from 'i18next';
import { getTexts } from '../shared/api/endpoints/texts.ts';
import { initI18n } from '../shared/i18n/i18n.ts';
import { startLanguage, supportedLanguage, takeLangQueryParam } from '../shared/i18n/language-rules.ts';
import { currentSite } from '../shared/site/detect-site.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';

/**
 * Start-up (spec §2, §4): detect the site, apply and remove a `lang` query parameter, then fetch the
 * texts of the current language. The query parameter is applied before any text is loaded, so it
 * needs no reload.
 */
export async function bootstrap(): Promise<i18n> {
  currentSite();
  const fromQuery = takeLangQueryParam();
  if (fromQuery) {
    const { languages, defaultLangCode, set } = useCoreStore.getState();
    set({ langCode: supportedLanguage(fromQuery, languages, defaultLangCode) });
  }
  const lang = startLanguage();
  // A failed load already queued the connection-error dialog; the app still starts.
  const texts = await getTexts(lang).catch(() => ({}));
  return initI18n(lang, texts);
}
