import { describe, expect, it } from 'vitest';
import { ORDER_TIMELINE_CODES } from '@kippu/contract/console/order-timeline-codes';
import { ORDER_TIMELINE_SOURCES } from '@kippu/contract/console/orders-schemas';
import { LANG_CODES } from '@kippu/contract/enums';
import { codeWord } from '../../shared/i18n/code-word.ts';
import { TIMELINE_PREFIXES } from './order-words.tsx';

/** The orders feature's own texts (texts.ts), as console-texts.test.ts reads every feature's. */
const files = import.meta.glob<Record<string, string>>('./texts/*.json', { eager: true, import: 'default' });
const textsOf = (lang: string) => files[`./texts/${lang}.json`]!;

/**
 * Every code the server can put in a timeline entry's `what`, by source: the contract's lists, which the
 * server's order-timeline.ts and recordAudit are typed with (a new code fails tsc -p apps/server until it
 * joins them, and then this test until it has words).
 */
const CODES = ORDER_TIMELINE_SOURCES.flatMap((source) =>
  ORDER_TIMELINE_CODES[source].map((code) => ({ source, code })),
);

/** The timeline's word for a code in one language, found as the panel finds it (codeWord). */
const wordOf = (lang: string, source: (typeof CODES)[number]['source'], code: string) =>
  codeWord((key) => textsOf(lang)[key] ?? key, TIMELINE_PREFIXES[source], code);

describe('order timeline texts', () => {
  it('word every code the server can show on the timeline, in all six languages', () => {
    expect(CODES.length).toBeGreaterThan(50);
    for (const lang of LANG_CODES) {
      expect(textsOf(lang), lang).toBeTruthy();
      const raw = CODES.filter(({ source, code }) => {
        const word = wordOf(lang, source, code);
        return word === code || !word.trim();
      });
      expect(
        raw.map(({ source, code }) => `${source} ${code}`),
        lang,
      ).toEqual([]);
    }
  });

  it('name every source', () => {
    for (const lang of LANG_CODES) {
      for (const source of ORDER_TIMELINE_SOURCES)
        expect(textsOf(lang)[`orders_source_${source}`]?.trim(), `${lang} ${source}`).toBeTruthy();
    }
  });

  it('show a code no list holds (a row older than a rename) as it is', () => {
    expect(wordOf('en', 'audit', 'some_retired_action')).toBe('some_retired_action');
  });

  it('are translated, not copied from English', () => {
    const english = (source: (typeof CODES)[number]['source'], code: string) => wordOf('en', source, code);
    for (const lang of LANG_CODES.filter((each) => each !== 'en')) {
      const copied = CODES.filter(({ source, code }) => wordOf(lang, source, code) === english(source, code));
      expect(
        copied.map(({ source, code }) => `${source} ${code}`),
        lang,
      ).toEqual([]);
    }
  });
});
