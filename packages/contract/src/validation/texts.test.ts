import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANG_CODES } from '../enums.ts';
import { VALIDATION_MESSAGE_KEYS } from './rules.ts';
import { VALIDATION_TEXTS } from './texts.ts';

const textsDir = new URL('../../texts/validation/', import.meta.url);
const load = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`${lang}.json`, textsDir), 'utf8'));
const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

describe('validation texts', () => {
  const english = load('en');

  it.each(LANG_CODES)('%s has every message key and nothing else', (lang) => {
    const texts = load(lang);
    expect(Object.keys(texts).sort()).toEqual([...VALIDATION_MESSAGE_KEYS].sort());
    for (const key of VALIDATION_MESSAGE_KEYS) expect(texts[key]!.trim(), key).not.toBe('');
  });

  it.each(LANG_CODES)('%s keeps the placeholders of the English text', (lang) => {
    const texts = load(lang);
    for (const key of VALIDATION_MESSAGE_KEYS)
      expect(placeholders(texts[key]!), `${lang} ${key}`).toEqual(placeholders(english[key]!));
  });

  it('max carries {length} and the default is the spec wording in English', () => {
    expect(english.common_validate_max).toContain('{length}');
    expect(english.common_validate_default).toBe('{field} is not valid.');
  });

  it.each(LANG_CODES.filter((lang) => lang !== 'en'))('%s is translated, not copied from English', (lang) => {
    const texts = load(lang);
    for (const key of VALIDATION_MESSAGE_KEYS) expect(texts[key], `${lang} ${key}`).not.toBe(english[key]);
  });

  it('VALIDATION_TEXTS serves the same files for seeding', () => {
    for (const lang of LANG_CODES) expect(VALIDATION_TEXTS[lang]).toEqual(load(lang));
  });
});
