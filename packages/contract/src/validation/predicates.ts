/**
 * The validation rules of spec §5 as pure predicates, shared by the server and the web app.
 * Each answers "is this value acceptable?"; skipping empty optional fields is the runner's job
 * (validateField in rules.ts), so every predicate here judges the value it is given, empty or not.
 */

/** Length in code points, so an emoji or a rare kanji outside the BMP counts as one character. */
export function textLength(value: string): number {
  return [...value].length;
}

export function isMaxLength(value: string, length: number): boolean {
  return textLength(value) <= length;
}

export function isMinLength(value: string, length: number): boolean {
  return textLength(value) >= length;
}

// Arabic-Indic (U+0660-0669) and extended Arabic-Indic (U+06F0-06F9) digits count as digits (spec §5).
const NUMERIC = /^[0-9\u0660-\u0669\u06F0-\u06F9]+$/;
export function isNumeric(value: string): boolean {
  return NUMERIC.test(value);
}

export function isRequired(value: string | null | undefined): boolean {
  return value != null && value.trim() !== '';
}

export const CARD_NAME_MAX_LENGTH = 30;
const CARD_NAME = /^[A-Za-z ]+$/;
/** Name as embossed on a card: 1 to 30 Latin letters and half-width spaces. */
export function isCardName(value: string): boolean {
  return value.length >= 1 && value.length <= CARD_NAME_MAX_LENGTH && CARD_NAME.test(value);
}

/**
 * Given name and family name separated by a space: the value splits at its first whitespace into two
 * parts that both hold a letter ("TARO YAMADA", also "TARO YAMADA JR"), and it is a valid card name.
 * A leading or trailing space alone does not make two parts.
 */
export function isCardNameContainingHalfWidthSpaces(value: string): boolean {
  const at = value.search(/\s/);
  if (at < 0) return false;
  const first = value.slice(0, at);
  const rest = value.slice(at + 1);
  return first.trim() !== '' && rest.trim() !== '' && isCardName(value);
}

export const EMAIL_LOCAL_MAX_LENGTH = 64;
export const EMAIL_DOMAIN_MAX_LENGTH = 254;
// RFC 5322 dot-atom local part (no quoted strings): no leading, trailing or doubled dots.
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// Host name labels (letters, digits, inner hyphens, at most 63 each) and an alphabetic top-level label.
const EMAIL_DOMAIN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** Standard address syntax; local part at most 64 characters, domain at most 254 (spec §5, §9). */
export function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  return (
    local.length <= EMAIL_LOCAL_MAX_LENGTH &&
    domain.length <= EMAIL_DOMAIN_MAX_LENGTH &&
    EMAIL_LOCAL.test(local) &&
    EMAIL_DOMAIN.test(domain)
  );
}

// 9 to 12 digits, or Japanese-style groups 2-5, 1-4 and 3-4 digits joined by hyphens (03-1234-5678).
const PHONE = /^(?:[0-9]{9,12}|[0-9]{2,5}-[0-9]{1,4}-[0-9]{3,4})$/;
export function isPhone(value: string): boolean {
  return PHONE.test(value);
}

/** The confirmation e-mail field must repeat the first one exactly. */
export function isSameEmail(value: string, other: string | null | undefined): boolean {
  return value === (other ?? '');
}

const ALPHA_NUM = /^[A-Za-z0-9]+$/;
export function isAlphaNum(value: string): boolean {
  return ALPHA_NUM.test(value);
}

export { isNotExpired } from './expiry.ts';
