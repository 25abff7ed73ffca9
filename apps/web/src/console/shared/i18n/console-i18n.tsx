import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { LangCode } from '@kippu/contract/enums';

export type ConsoleTexts = Readonly<Record<string, string>>;

/** One chunk per language: a staff member downloads only their own texts. */
const LOADERS: Record<LangCode, () => Promise<{ default: ConsoleTexts }>> = {
  ja: () => import('../../texts/ja.json'),
  en: () => import('../../texts/en.json'),
  'zh-hans': () => import('../../texts/zh-hans.json'),
  kr: () => import('../../texts/kr.json'),
  'zh-hant': () => import('../../texts/zh-hant.json'),
  th: () => import('../../texts/th.json'),
};

export async function loadConsoleTexts(lang: LangCode): Promise<ConsoleTexts> {
  return (await LOADERS[lang]()).default;
}

/**
 * `<html lang>` for each product code (as contract/html-lang.ts): that module is in the visitor app's shared
 * chunk, which the console's first screen must not load (ADR 067); console-texts.test.ts holds them equal.
 */
export const HTML_LANG: Record<LangCode, string> = {
  ja: 'ja',
  en: 'en',
  'zh-hans': 'zh-Hans',
  kr: 'ko',
  'zh-hant': 'zh-Hant',
  th: 'th',
};

/** The product's languages in its order (contract LANG_CODES; the same chunk reason as HTML_LANG). */
export const CONSOLE_LANGS = Object.keys(HTML_LANG) as LangCode[];

const LANG_KEY = 'kippu-console-lang';

/** Before sign-in: the language last chosen on this browser, else the browser's, else Japanese. */
export function initialConsoleLang(): LangCode {
  const stored = localStorage.getItem(LANG_KEY);
  if ((CONSOLE_LANGS as readonly string[]).includes(stored ?? '')) return stored as LangCode;
  const browser = (navigator.language || '').toLowerCase();
  if (browser.startsWith('en')) return 'en';
  if (browser.startsWith('ko')) return 'kr';
  if (browser.startsWith('th')) return 'th';
  if (browser.startsWith('zh')) return /tw|hk|hant/.test(browser) ? 'zh-hant' : 'zh-hans';
  return 'ja';
}

export function rememberConsoleLang(lang: LangCode): void {
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = HTML_LANG[lang];
}

export type Translate = (key: string, values?: Readonly<Record<string, string | number>>) => string;

interface I18nValue {
  lang: LangCode;
  t: Translate;
  /** The texts `t` reads (feature-texts.tsx adds a feature's own to them). */
  texts: ConsoleTexts;
  setLang: (lang: LangCode) => void;
}

const I18nContext = createContext<I18nValue | null>(null);

export function ConsoleI18nProvider({
  lang,
  texts,
  setLang,
  children,
}: {
  lang: LangCode;
  texts: ConsoleTexts;
  setLang: (lang: LangCode) => void;
  children: ReactNode;
}) {
  // Single braces, as the product's texts: 'Signed in as {name}'. A missing key shows itself, never blank.
  const t = useCallback<Translate>(
    (key, values) =>
      (texts[key] ?? key).replace(/\{(\w+)\}/g, (all, name: string) =>
        values && name in values ? String(values[name]) : all,
      ),
    [texts],
  );
  const value = useMemo(() => ({ lang, t, texts, setLang }), [lang, t, texts, setLang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useConsoleI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useConsoleI18n outside ConsoleI18nProvider');
  return value;
}

/** The names of the languages in themselves, for the picker. */
export const LANG_NAMES: Record<LangCode, string> = {
  ja: '日本語',
  en: 'English',
  'zh-hans': '简体中文',
  kr: '한국어',
  'zh-hant': '繁體中文',
  th: 'ไทย',
};
