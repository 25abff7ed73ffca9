import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANG_CODES } from './enums.ts';

/**
 * Wording lints over every visitor, mail and console text file (issue 32): one term per language for the
 * reservation number, and no half-width punctuation beside Chinese characters in zh-hans / zh-hant.
 */
const roots = [
  new URL('../texts/', import.meta.url),
  new URL('../../../apps/web/src/console/', import.meta.url),
];

/** Every `<lang>.json` under `dir`, as [path, texts]. */
function textFiles(dir: URL, lang: string): [string, Record<string, unknown>][] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(`/${lang}.json`) && !file.includes('node_modules'))
    .map((file) => [file, JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, unknown>]);
}
const allTexts = (lang: string) =>
  roots.flatMap((root) =>
    textFiles(root, lang).flatMap(([file, texts]) =>
      Object.entries(texts)
        .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
        .map(([key, text]) => ({ where: `${file} ${key}`, key, text })),
    ),
  );

/** The site's word (the ticket screen's label) is the one the mails and every other screen must use. */
const siteTerm = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../texts/ticket/${lang}.json`, import.meta.url), 'utf8'))
    .ticket_reservation_number as string;

/** Other words for the same thing that crept into some texts; none may remain. */
const OTHER_TERMS: Record<string, string[]> = {
  ja: ['予約No', '予約ナンバー', '予約コード'],
  en: ['booking number', 'booking reference', 'reservation no.', 'reservation code'],
  'zh-hans': ['预订编号', '预约号码', '预订号码', '预约号'],
  kr: ['예약번호', '예매 번호', '예매번호'],
  'zh-hant': ['預訂編號', '預約號碼', '預訂號碼', '預約號'],
  th: ['เลขที่การจอง', 'รหัสการจอง'],
};

describe('reservation number wording', () => {
  it.each(LANG_CODES)('%s: every reservation-number label is the site word', (lang) => {
    const term = siteTerm(lang);
    expect(term).toBeTruthy();
    const labels = allTexts(lang).filter(({ key }) => key.endsWith('reservation_number'));
    expect(labels.length).toBeGreaterThanOrEqual(5);
    for (const { where, text } of labels) expect(text, where).toBe(term);
  });

  it.each(LANG_CODES)('%s: mails and screens use no other word for it', (lang) => {
    const term = siteTerm(lang);
    const mail = allTexts(lang).filter(({ where }) => where.startsWith('mail/'));
    // The purchase mail's subject names the number with the site word.
    expect(mail.find(({ key }) => key === 'email_purchase_subject')?.text.toLowerCase()).toContain(
      term.toLowerCase(),
    );
    const found = allTexts(lang).filter(({ text }) =>
      (OTHER_TERMS[lang] ?? []).some((other) =>
        // The site word itself is taken out first, so a variant that overlaps it is still found elsewhere.
        text.replaceAll(term, '').toLowerCase().includes(other.toLowerCase()),
      ),
    );
    expect(found.map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
  });
});

describe('zh punctuation', () => {
  // CJK ideographs, CJK punctuation and full-width forms.
  const cjk = '\\u3000-\\u303f\\u3400-\\u9fff\\uff00-\\uffef';
  const halfWidthBesideCjk = new RegExp(`[${cjk}][,:;!?()]|[,:;!?()][${cjk}]`, 'u');

  it.each(['zh-hans', 'zh-hant'])(
    '%s: no ASCII , : ; ! ? ( ) directly beside a Chinese character',
    (lang) => {
      const texts = allTexts(lang);
      expect(texts.length).toBeGreaterThan(500);
      const found = texts.filter(({ text }) => halfWidthBesideCjk.test(text));
      expect(found.map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
    },
  );

  it('the lint sees a half-width comma or bracket beside Chinese', () => {
    expect(halfWidthBesideCjk.test('请仅输入数字,或')).toBe(true);
    expect(halfWidthBesideCjk.test('税率(%)')).toBe(true);
    expect(halfWidthBesideCjk.test('请仅输入数字，或（例：03-1234）')).toBe(false);
    expect(halfWidthBesideCjk.test('使用 3-D Secure (test)')).toBe(false);
  });
});
