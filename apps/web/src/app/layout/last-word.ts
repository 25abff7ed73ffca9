/**
 * Splits a label before its last character (a grapheme: a base letter and its combining marks), so
 * an icon after the label can be kept on the same line as it: the caller wraps `last` and the icon in
 * a no-wrap span. The browser still breaks lines where the language allows across the span's edge,
 * so a Latin or Thai word is never cut, and the whole last word moves with the icon. No
 * Intl.Segmenter: its word-break data cost a phone tens of milliseconds on every page's first render.
 */
export function splitLastCharacter(label: string): { head: string; last: string } {
  const trimmed = label.trimEnd();
  const last = /\P{M}\p{M}*$/u.exec(trimmed)?.[0] ?? '';
  return { head: trimmed.slice(0, trimmed.length - last.length), last };
}
