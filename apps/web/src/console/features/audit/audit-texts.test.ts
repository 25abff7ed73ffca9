import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from '@kippu/contract/console/audit-schemas';
import { LANG_CODES } from '@kippu/contract/enums';

/** The audit feature's own texts (texts.ts), as console-texts.test.ts reads every feature's. */
const files = import.meta.glob<Record<string, string>>('./texts/*.json', { eager: true, import: 'default' });
const textsOf = (lang: string) => files[`./texts/${lang}.json`]!;

/** The text keys of the contract's codes: what the screens ask codeWord for. */
const KEYS = [
  ...AUDIT_ACTIONS.map((code) => `audit_action_${code}`),
  ...AUDIT_OBJECT_TYPES.map((code) => `audit_object_${code}`),
];

/** Words the product leaves in English in these languages (console-wide: nav_webhooks). */
const SAME_AS_ENGLISH = new Set([
  'ja audit_object_webhook',
  'zh-hans audit_object_webhook',
  'zh-hant audit_object_webhook',
]);

describe('audit texts', () => {
  it('word every action and object type the server records, in all six languages', () => {
    for (const lang of LANG_CODES) {
      const texts = textsOf(lang);
      expect(texts, lang).toBeTruthy();
      for (const key of KEYS) expect(texts[key]?.trim(), `${lang} ${key}`).toBeTruthy();
    }
  });

  it('have no word for a code the lists do not hold (a renamed or mistyped code)', () => {
    const known = new Set(KEYS);
    for (const lang of LANG_CODES) {
      expect(
        Object.keys(textsOf(lang)).filter((key) => !known.has(key)),
        lang,
      ).toEqual([]);
    }
  });

  it('give each code its own word, so the filters never offer two choices that read the same', () => {
    for (const lang of LANG_CODES) {
      for (const prefix of ['audit_action_', 'audit_object_']) {
        const words = KEYS.filter((key) => key.startsWith(prefix)).map((key) => textsOf(lang)[key]);
        expect(
          words.filter((word, index) => words.indexOf(word) !== index),
          `${lang} ${prefix}`,
        ).toEqual([]);
      }
    }
  });

  it('are translated, not copied from English', () => {
    const english = textsOf('en');
    for (const lang of LANG_CODES.filter((each) => each !== 'en')) {
      const copied = KEYS.filter((key) => textsOf(lang)[key] === english[key]);
      expect(
        copied.filter((key) => !SAME_AS_ENGLISH.has(`${lang} ${key}`)),
        lang,
      ).toEqual([]);
    }
  });
});
