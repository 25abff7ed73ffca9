import type { LangCode } from '../enums.ts';

/**
 * Fills single-brace placeholders ({field}, {length}, {count}) as the texts table writes them.
 * An unknown placeholder is left as it is, so a missing parameter shows up instead of vanishing.
 */
export function fillPlaceholders(
  template: string,
  params: Readonly<Record<string, string | number>>,
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * A text group bundled into server code (the JSON of one locale folder per language), read as
 * `text(lang, key, params)` with its placeholders filled. For texts that are rendered without the texts
 * table (mails from an outbox row, the receipt PDF).
 */
export function bundledTexts<Key extends string>(
  texts: Readonly<Record<LangCode, Readonly<Record<Key, string>>>>,
): (lang: LangCode, key: Key, params?: Readonly<Record<string, string | number>>) => string {
  return (lang, key, params = {}) => fillPlaceholders(texts[lang][key], params);
}
