import { describe, expect, it } from 'vitest';
import {
  SYSTEM_ACTOR_LABELS,
  VISITOR_ACTOR_NAMES,
  VISITOR_ACTOR_OBJECTS,
} from '@kippu/contract/console/audit-actors';
import { LANG_CODES } from '@kippu/contract/enums';
import { SYSTEM_ACTOR_KEYS, VISITOR_ACTOR_KEYS } from './actor-name.ts';

/** The actors' texts (texts.ts), as the audit log's and an order's timeline load them. */
const files = import.meta.glob<Record<string, string>>('./texts/*.json', { eager: true, import: 'default' });
const textsOf = (lang: string) => files[`./texts/${lang}.json`]!;

const SYSTEM_KEYS = SYSTEM_ACTOR_LABELS.map((code) => SYSTEM_ACTOR_KEYS[code]);
const OBJECT_KEYS = VISITOR_ACTOR_OBJECTS.map((object) => VISITOR_ACTOR_KEYS[object]);
const NAME_KEYS = VISITOR_ACTOR_NAMES.map((name) => VISITOR_ACTOR_KEYS[name]);
const KEYS = [...SYSTEM_KEYS, ...OBJECT_KEYS, ...NAME_KEYS];

describe('actor texts', () => {
  it('word every job, command and visitor label the server writes, in all six languages', () => {
    for (const lang of LANG_CODES) {
      const texts = textsOf(lang);
      expect(texts, lang).toBeTruthy();
      for (const key of KEYS) expect(texts[key]?.trim(), `${lang} ${key}`).toBeTruthy();
      // The object's id goes into its words: `注文 {id}`.
      for (const key of OBJECT_KEYS) expect(texts[key], `${lang} ${key}`).toContain('{id}');
    }
  });

  it('have no word for a label the lists do not hold (a renamed or mistyped code)', () => {
    const known = new Set<string>(KEYS);
    for (const lang of LANG_CODES) {
      expect(
        Object.keys(textsOf(lang)).filter((key) => !known.has(key)),
        lang,
      ).toEqual([]);
    }
  });

  it('give each job its own word, so two of them never read the same', () => {
    for (const lang of LANG_CODES) {
      const words = SYSTEM_KEYS.map((key) => textsOf(lang)[key]);
      expect(
        words.filter((word, index) => words.indexOf(word) !== index),
        lang,
      ).toEqual([]);
    }
  });

  it('are translated, not copied from English', () => {
    const english = textsOf('en');
    for (const lang of LANG_CODES.filter((each) => each !== 'en')) {
      expect(
        KEYS.filter((key) => textsOf(lang)[key] === english[key]),
        lang,
      ).toEqual([]);
    }
  });
});
