import type { LangCode } from '../enums.ts';
import type { CURRENCIES } from '../enums.ts';
import { fillPlaceholders } from './placeholders.ts';

export type Currency = (typeof CURRENCIES)[number];

/** The currency symbols the product knows (spec §3). */
export const CURRENCY_SYMBOLS = {
  fullWidthYen: '￥',
  yen: '¥',
  euro: '€',
  dollar: '$',
  jp: 'JP',
  sar: 'SAR',
} as const;

/** Digits after the decimal point: amounts are integers in the currency's minor unit. */
const MINOR_DIGITS: Record<Currency, number> = { JPY: 0, USD: 2, EUR: 2, SAR: 2 };

/**
 * Yen is shown the way each language writes it: 円 in Japanese, 日元/日圓 in Chinese, 엔 in Korean,
 * เยน in Thai, and the symbol in English, where '¥3,800' is what a reader expects.
 */
const YEN_TEMPLATES: Record<LangCode, string> = {
  ja: '{amount}円',
  en: `${CURRENCY_SYMBOLS.yen}{amount}`,
  'zh-hans': '{amount}日元',
  'zh-hant': '{amount}日圓',
  kr: '{amount}엔',
  th: '{amount} เยน',
};

/**
 * Yen as a symbol, where a document calls for one (the receipt's amount box, ADR 113; issue 32 item 27):
 * Japanese sets it full-width beside full-width text (￥), as Japanese receipts write it; Chinese readers take
 * a bare ¥ for yuan, so their languages write JP¥; the others the plain ¥.
 */
const YEN_SYMBOL_TEMPLATES: Record<LangCode, string> = {
  ja: `${CURRENCY_SYMBOLS.fullWidthYen}{amount}`,
  en: `${CURRENCY_SYMBOLS.yen}{amount}`,
  'zh-hans': `${CURRENCY_SYMBOLS.jp}${CURRENCY_SYMBOLS.yen}{amount}`,
  'zh-hant': `${CURRENCY_SYMBOLS.jp}${CURRENCY_SYMBOLS.yen}{amount}`,
  kr: `${CURRENCY_SYMBOLS.yen}{amount}`,
  th: `${CURRENCY_SYMBOLS.yen}{amount}`,
};

/** 'unit': the language's word for the currency (3,800円); 'symbol': its sign (￥3,800, JP¥3,800). */
export type PriceStyle = 'unit' | 'symbol';

/** Other currencies are written with their symbol in every language. */
const SYMBOL_TEMPLATES: Record<Exclude<Currency, 'JPY'>, string> = {
  USD: `${CURRENCY_SYMBOLS.dollar}{amount}`,
  EUR: `${CURRENCY_SYMBOLS.euro}{amount}`,
  SAR: `${CURRENCY_SYMBOLS.sar} {amount}`,
};

/**
 * '1,234,567.89': thousands grouped by commas, as Intl.NumberFormat('en-US') writes it, without
 * building one (the first Intl object of a page loads the browser's ICU data; see tokyo-date.ts).
 */
function groupedNumber(value: number, digits: number): string {
  const [whole = '', fraction] = value.toFixed(digits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * A price with the language's unit (spec §9): formatPrice(3800, 'ja') is '3,800円'.
 * `amount` is an integer in minor units (yen for JPY, cents for USD); a negative amount, such as a
 * discount line, keeps its sign in front: '-500円', '-¥500'.
 */
export function formatPrice(
  amount: number,
  lang: LangCode,
  currency: Currency = 'JPY',
  style: PriceStyle = 'unit',
): string {
  if (!Number.isInteger(amount)) throw new RangeError(`Price must be an integer in minor units: ${amount}`);
  const digits = MINOR_DIGITS[currency];
  const number = groupedNumber(Math.abs(amount) / 10 ** digits, digits);
  const yen = style === 'symbol' ? YEN_SYMBOL_TEMPLATES : YEN_TEMPLATES;
  const template = currency === 'JPY' ? yen[lang] : SYMBOL_TEMPLATES[currency];
  return `${amount < 0 ? '-' : ''}${fillPlaceholders(template, { amount: number })}`;
}
