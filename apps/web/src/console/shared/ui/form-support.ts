import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { LangCode } from '@kippu/contract/enums';
import { CONSOLE_LANGS, LANG_NAMES } from '../i18n/console-i18n.tsx';

/*
 * Helpers of the console's edit forms (products, coupons, settings): a text in the staff member's language,
 * Tokyo times in `datetime-local` inputs, and zod's resolver with the console's own messages.
 */

/** A name in the staff member's language, else Japanese, else the first language written. */
export function textIn(names: Partial<Record<LangCode, string>> | undefined, lang: LangCode): string {
  if (!names) return '';
  const own = names[lang]?.trim();
  if (own) return own;
  if (names.ja?.trim()) return names.ja.trim();
  for (const code of CONSOLE_LANGS) if (names[code]?.trim()) return names[code]!.trim();
  return '';
}

/** An ISO time as the value of a `datetime-local` input in Tokyo (the venues' zone); '' for none. */
export function tokyoLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + 9 * 3_600_000).toISOString().slice(0, 16);
}

/** A `datetime-local` value read as Tokyo time, as the API's ISO time with offset; null when empty. */
export function fromTokyoLocal(value: string | null | undefined): string | null {
  if (!value) return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+09:00` : value;
}

/**
 * zod's resolver with messages in the staff member's language: zod's own are English sentences, so each
 * error gets the text `messageOf` gives for its path (`names.en`, `max_quantity`).
 */
export function localizedResolver<Values extends FieldValues>(
  schema: z.ZodType,
  messageOf: (path: string) => string,
): Resolver<Values> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<Values>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    relabel(result.errors as FieldErrors, '', messageOf);
    return result;
  };
}

function relabel(node: Record<string, unknown>, path: string, messageOf: (path: string) => string) {
  for (const [key, child] of Object.entries(node)) {
    if (!child || typeof child !== 'object' || key === 'ref') continue;
    const here = path ? `${path}.${key}` : key;
    const error = child as { message?: unknown; type?: unknown };
    if (typeof error.type === 'string' && 'message' in error) error.message = messageOf(here);
    relabel(child as Record<string, unknown>, here, messageOf);
  }
}

/** The six languages of a text from the API (a record that may leave some out), '' where missing. */
export function fullText(names: Partial<Record<LangCode, string>> | undefined): Record<LangCode, string> {
  return Object.fromEntries(CONSOLE_LANGS.map((lang) => [lang, names?.[lang] ?? ''])) as Record<
    LangCode,
    string
  >;
}

/** The names of the languages a text still misses, joined ('' when none). */
export function missingOf(text: Partial<Record<LangCode, string>> | undefined): string {
  return CONSOLE_LANGS.filter((lang) => !(text?.[lang] ?? '').trim())
    .map((lang) => LANG_NAMES[lang])
    .join(', ');
}
