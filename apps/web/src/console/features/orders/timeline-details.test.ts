import { describe, expect, it } from 'vitest';
import type { OrderTimelineEntry } from '@kippu/contract/console/orders-schemas';
import { ORDER_TIMELINE_SOURCES } from '@kippu/contract/console/orders-schemas';
import {
  AUDIT_PLACEHOLDERS,
  ORDER_TIMELINE_DETAIL_KEYS,
} from '@kippu/contract/console/order-timeline-details';
import { LANG_CODES } from '@kippu/contract/enums';
import { codeWord } from '../../shared/i18n/code-word.ts';
import {
  DETAIL_VALUE_WORDS,
  PLACEHOLDER_TEXTS,
  detailLabel,
  timelineDetails,
  type DetailValueKind,
} from './timeline-details.ts';

/** The orders feature's texts and the shell's (payment methods, yes and no), as the console merges them. */
const feature = import.meta.glob<Record<string, string>>('./texts/*.json', {
  eager: true,
  import: 'default',
});
const shell = import.meta.glob<Record<string, string>>('../../texts/*.json', {
  eager: true,
  import: 'default',
});
// Merged once per language: merging on every lookup took 8.7 s of a CI run.
const MERGED_TEXTS: Record<string, Record<string, string>> = Object.fromEntries(
  LANG_CODES.map((lang) => [
    lang,
    { ...shell[`../../texts/${lang}.json`]!, ...feature[`./texts/${lang}.json`]! },
  ]),
);
const textsOf = (lang: string) => MERGED_TEXTS[lang]!;
const tOf = (lang: string) => {
  const texts = textsOf(lang);
  return (key: string) => texts[key] ?? key;
};

/**
 * Every key the server can put in a timeline entry's detail, by source: the contract's lists, which the
 * server's order-timeline.ts and recordAudit are typed with (a new key fails tsc -p apps/server until it
 * joins them, and then this test until it has a label).
 */
const KEYS = [...new Set(ORDER_TIMELINE_SOURCES.flatMap((source) => ORDER_TIMELINE_DETAIL_KEYS[source]))];
/** Every code of every closed list a detail value may come from. */
const VALUES = (Object.keys(DETAIL_VALUE_WORDS) as DetailValueKind[]).flatMap((kind) =>
  DETAIL_VALUE_WORDS[kind].codes.map((code) => ({ kind, code: code as string })),
);
const valueWord = (lang: string, kind: DetailValueKind, code: string) =>
  codeWord(tOf(lang), DETAIL_VALUE_WORDS[kind].prefix, code);

describe('order timeline details', () => {
  it('label every detail key the server can write, in all six languages', () => {
    expect(KEYS.length).toBeGreaterThan(50);
    for (const lang of LANG_CODES) {
      const raw = KEYS.filter((key) => {
        const label = detailLabel(tOf(lang), key);
        return label === key || !label.trim();
      });
      expect(raw, lang).toEqual([]);
    }
  });

  it('word every code of every closed list a detail value comes from, in all six languages', () => {
    expect(VALUES.length).toBeGreaterThan(60);
    for (const lang of LANG_CODES) {
      const raw = VALUES.filter(({ kind, code }) => {
        const word = valueWord(lang, kind, code);
        return word === code || !word.trim();
      });
      expect(
        raw.map(({ kind, code }) => `${kind} ${code}`),
        lang,
      ).toEqual([]);
      for (const placeholder of AUDIT_PLACEHOLDERS)
        expect(textsOf(lang)[PLACEHOLDER_TEXTS[placeholder]]?.trim(), `${lang} ${placeholder}`).toBeTruthy();
    }
  });

  it('are translated, not copied from English', () => {
    for (const lang of LANG_CODES.filter((each) => each !== 'en')) {
      const labels = KEYS.filter((key) => detailLabel(tOf(lang), key) === detailLabel(tOf('en'), key)).map(
        (key) => `label ${key}`,
      );
      // A payment method's name is the shell's, and often a brand (PayPay, Alipay) in every language.
      const values = VALUES.filter(
        ({ kind, code }) =>
          kind !== 'payment_method' && valueWord(lang, kind, code) === valueWord('en', kind, code),
      ).map(({ kind, code }) => `${kind} ${code}`);
      expect([...labels, ...values], lang).toEqual([]);
    }
  });

  const entry = (
    source: OrderTimelineEntry['source'],
    detail: OrderTimelineEntry['detail'],
  ): OrderTimelineEntry => ({ at: '2026-11-20T03:00:00Z', source, id: 1, what: 'x', actor: null, detail });
  const format = (lang: string) => ({
    t: tOf(lang),
    yen: (value: number) => `¥${value}`,
    count: (value: number) => `#${value}`,
    dateTime: (iso: string) => `at ${iso}`,
    list: (items: string[]) => items.join(' + '),
  });
  const shown = (lang: string, e: OrderTimelineEntry) =>
    timelineDetails(e, format(lang)).map(({ label, value }) => `${label}: ${value}`);

  it('words a value by what its key means in its source', () => {
    expect(
      shown('en', entry('status', { order_id: 5, from_status: 'paying', reason: 'payment_confirmed' })),
    ).toEqual(['Status before: Paying', 'Reason: Payment confirmed']);
    expect(shown('en', entry('refund', { amount: 1800, reason: 'visitor_sick' }))).toEqual([
      'Amount: ¥1800',
      'Reason: Visitor is ill',
    ]);
    expect(shown('en', entry('check_in', { ticket_id: 12, method: 'read_qr' }))).toEqual([
      'Ticket ID: 12',
      'Method: QR code scanned',
    ]);
    expect(shown('en', entry('payment', { order_id: 5, method: 'cash', amount: 3600 }))).toEqual([
      'Method: Cash',
      'Amount: ¥3600',
    ]);
    const audit = (objectType: string, after: OrderTimelineEntry['detail']) =>
      shown('en', entry('audit', { object_type: objectType, object_id: '9', ...after }));
    expect(audit('refund', { status: 'manual', failure_code: 'E01060021' })).toEqual([
      'Status: Manual refund',
      'Failure code: E01060021',
    ]);
    expect(audit('order', { status: 'expired', quantity: 2 })).toEqual(['Status: Expired', 'Tickets: #2']);
    expect(
      audit('ticket', { mode: 'gate', method: 'tap_ticket', result: 'success', offline_at: null }),
    ).toEqual(['Gate mode: Gate', "Method: Tapped on the visitor's phone", 'Result: Admitted']);
    expect(audit('order', { customer_info: '[personal]', fields: 'fullname,phone' })).toEqual([
      "Visitor's details: (personal data, kept apart)",
      'Fields changed: Name + Phone',
    ]);
    expect(
      audit('order', { money: 'none', order_refunded: false, starts_at: '2026-12-05T01:00:00Z' }),
    ).toEqual(['Money: Without refund', 'Whole order refunded: No', 'Visit time: at 2026-12-05T01:00:00Z']);
    // A waived top-up's reason is what staff typed: shown as typed even when it looks like a code.
    expect(audit('order', { reason: 'refunded' })).toEqual(['Reason: refunded']);
  });

  it('shows a key or a code no list holds (a row older than a rename) as it is', () => {
    expect(shown('en', entry('status', { retired_key: 'x', reason: 'some_retired_reason' }))).toEqual([
      'retired_key: x',
      'Reason: some_retired_reason',
    ]);
  });
});
