import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LangCode } from '@kippu/contract/enums';
import { htmlLang } from '@kippu/contract/html-lang';

/**
 * One i18next instance whose only resources are the texts fetched from the server for `lang`. No DOM: the
 * server's first paint of the page uses it too (ADR 037).
 */
export async function createI18n(lang: LangCode, texts: Record<string, string>): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    // Keep 'zh-hans'/'zh-hant' as written: i18next would otherwise look them up as 'zh-Hans'/'zh-Hant'.
    lowerCaseLng: true,
    load: 'currentOnly',
    resources: { [lang]: { translation: texts } },
    // The product's texts use single braces: '{field} is not valid.', '{count}'.
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
    keySeparator: false,
    nsSeparator: false,
  });
  return instance;
}

/** The app's instance: the page's language follows it. */
export async function initI18n(lang: LangCode, texts: Record<string, string>): Promise<i18n> {
  const instance = await createI18n(lang, texts);
  document.documentElement.lang = htmlLang(lang);
  return instance;
}
