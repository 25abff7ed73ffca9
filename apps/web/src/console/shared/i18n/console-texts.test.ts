import { describe, expect, it } from 'vitest';
import { LANG_CODES } from '@kippu/contract/enums';
import { ERRORS, type ErrorCode } from '@kippu/contract/errors';
import { htmlLang } from '@kippu/contract/html-lang';
import { CONSOLE_API_PATH as CONTRACT_CONSOLE_API_PATH } from '@kippu/contract/routes';
import { CONSOLE_API_PATH, errorTextKey, REAUTHENTICATION_REQUIRED } from '../api/console-client.ts';
import { SIGN_IN_REQUIRED } from '../session/session-api.ts';
import { CONSOLE_LANGS, HTML_LANG } from './console-i18n.tsx';

const files = import.meta.glob<Record<string, string>>('../../texts/*.json', {
  eager: true,
  import: 'default',
});
/**
 * Each feature's own texts (feature-texts.tsx), loaded with its screen: `features/<name>/texts/<lang>.json`;
 * and a shared part's, loaded with the screens that use it (`shared/actors/texts/<lang>.json`).
 */
const featureFiles = import.meta.glob<Record<string, string>>(
  ['../../features/*/texts/*.json', '../*/texts/*.json'],
  { eager: true, import: 'default' },
);
/** A texts file's folder (`../../features/audit`, `../actors`): what these tests call a feature. */
const folderOf = (path: string) => path.replace(/\/texts\/[^/]+\.json$/, '');
const features = [...new Set(Object.keys(featureFiles).map(folderOf))];
const featureTexts = (feature: string, lang: string) => featureFiles[`${feature}/texts/${lang}.json`];

/** What a screen can show in each language: the shell's texts and every feature's. */
const texts = Object.fromEntries(
  LANG_CODES.map((lang) => [
    lang,
    Object.assign(
      {},
      files[`../../texts/${lang}.json`]!,
      ...features.map((each) => featureTexts(each, lang)),
    ),
  ]),
) as Record<(typeof LANG_CODES)[number], Record<string, string>>;

/** The console's sources as text (tests left out): where the screens name their text keys. */
const sources = Object.entries(
  import.meta.glob<string>('../../**/*.{ts,tsx}', { eager: true, query: '?raw', import: 'default' }),
)
  .filter(([path]) => !path.includes('.test.'))
  .map(([, code]) => code);

/** Error codes a console screen can meet: the console's own, and the generic ones any API call can answer. */
const CONSOLE_ERROR_CODES = [
  ...(Object.keys(ERRORS) as ErrorCode[]).filter((code) => code.startsWith('console_')),
  'invalid_request',
  'record_not_found',
  'not_found',
  'too_many_requests',
  'server_busy',
  'temporarily_unavailable',
] as ErrorCode[];

describe('console texts', () => {
  it('have the same non-empty keys in all six languages', () => {
    const keys = Object.keys(texts.en!).sort();
    for (const lang of LANG_CODES) {
      expect(Object.keys(texts[lang]!).sort(), lang).toEqual(keys);
      for (const [key, text] of Object.entries(texts[lang]!))
        expect(text.trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('give each feature all six languages, with keys of its own that no other file repeats', () => {
    const owner = new Map(Object.keys(files['../../texts/en.json']!).map((key) => [key, 'texts']));
    for (const feature of features) {
      for (const lang of LANG_CODES) expect(featureTexts(feature, lang), `${feature} ${lang}`).toBeTruthy();
      for (const key of Object.keys(featureTexts(feature, 'en')!)) {
        expect(owner.get(key), `${feature}: ${key}`).toBeUndefined();
        owner.set(key, feature);
      }
    }
  });

  it('are translated, not copied from English', () => {
    for (const lang of LANG_CODES.filter((each) => each !== 'en')) {
      for (const key of ['sign_in_title', 'nav_staff', 'dashboard_sales', 'error_console_sign_in_failed']) {
        expect(texts[lang]![key], `${lang} ${key}`).not.toBe(texts.en![key]);
      }
    }
  });

  it('keep the placeholders of the English text in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const [key, english] of Object.entries(texts.en!)) {
      for (const lang of LANG_CODES)
        expect(placeholders(texts[lang]![key]!), `${lang} ${key}`).toEqual(placeholders(english));
    }
  });

  it('have a message for every error a console screen can meet', () => {
    for (const code of CONSOLE_ERROR_CODES) {
      expect(texts.en![errorTextKey(ERRORS[code].message)], code).toBeTruthy();
    }
    expect(texts.en!.error_unknown).toContain('{status}');
  });

  it('name every key the screens ask for by a literal', () => {
    const used = new Set(
      sources.flatMap((code) =>
        [...code.matchAll(/\bt\(\s*'([a-z_]+)'/g), ...code.matchAll(/label: '(nav_[a-z_]+)'/g)].map(
          (match) => match[1]!,
        ),
      ),
    );
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((key) => !(key in texts.en!))).toEqual([]);
  });
});

describe('console copies of contract constants (kept apart for the first screen, ADR 067)', () => {
  it('match the contract', () => {
    expect(CONSOLE_API_PATH).toBe(CONTRACT_CONSOLE_API_PATH);
    expect(REAUTHENTICATION_REQUIRED).toBe(ERRORS.console_reauthentication_required.message);
    expect(SIGN_IN_REQUIRED).toBe(ERRORS.console_sign_in_required.message);
    expect(CONSOLE_LANGS).toEqual([...LANG_CODES]);
    for (const lang of LANG_CODES) expect(HTML_LANG[lang]).toBe(htmlLang(lang));
  });

  it("derive an error's text key from its string", () => {
    expect(errorTextKey('console sign in failed')).toBe('error_console_sign_in_failed');
    expect(errorTextKey('record not found')).toBe('error_record_not_found');
  });
});
