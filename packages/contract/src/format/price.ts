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
export function formatPrice(amount: number, lang: LangCode, currency: Currency = 'JPY'): string {
  if (!Number.isInteger(amount)) throw new RangeError(`Price must be an integer in minor units: ${amount}`);
  const digits = MINOR_DIGITS[currency];
  const number = groupedNumber(Math.abs(amount) / 10 ** digits, digits);
  const template = currency === 'JPY' ? YEN_TEMPLATES[lang] : SYMBOL_TEMPLATES[currency];
  return `${amount < 0 ? '-' : ''}${fillPlaceholders(template, { amount: number })}`;
}
