/**
 * Codes a visitor types (a coupon code, a reservation number) are made of ASCII letters and digits, but a
 * phone's Japanese, Chinese or Korean keyboard easily gives their full-width forms (ＤＥＭＯ１０). NFKC turns
 * those into the ASCII the code is made of, so they are neither refused by `alpha_num` nor sent to the server
 * as a code that does not exist.
 */
export function halfWidthCode(typed: string): string {
  return typed.normalize('NFKC').trim();
}

/**
 * The letters and digits of a code, for the `alpha_num` rule (spec §5): the separators a code may carry
 * (`DEMO-SPOT`, `A_1`) or a visitor may type between printed groups (`K7QW 3MZP`) are not what it checks.
 */
export function codeCharacters(typed: string): string {
  return halfWidthCode(typed).replace(/[\s_-]+/g, '');
}
