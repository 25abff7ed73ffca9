import { useQueries, useQuery } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import { getTexts } from '../../../shared/api/endpoints/texts.ts';
import { langsQuery } from '../../../shared/api/endpoints/langs.ts';

export type Translate = (key: string, values?: Record<string, string | number>) => string;

function translator(texts: Record<string, string> | undefined): Translate {
  return (key, values = {}) =>
    (texts?.[key] ?? key).replace(/\{(\w+)\}/g, (match, name: string) =>
      name in values ? String(values[name]) : match,
    );
}

/**
 * The site's languages in their display order, one after another (issue 11: the signage cycles through
 * them): `round` counts the screen's rounds through its pages (use-signage-pages.ts), each round in the
 * next language. Each language's texts are fetched once; a language whose texts are not there yet is
 * skipped. `ready` is false until the first texts are there: the screen then shows no text keys.
 */
export function useLanguageCycle(
  fallback: LangCode,
  round: number,
): { lang: LangCode; t: Translate; ready: boolean } {
  const langs = useQuery(langsQuery());
  const codes = (langs.data ?? [])
    .slice()
    .sort((a, b) => a.display_position - b.display_position)
    .map((l) => l.code);
  const texts = useQueries({
    queries: codes.map((code) => ({
      queryKey: ['signage-texts', code],
      queryFn: ({ signal }: { signal: AbortSignal }) => getTexts(code, signal),
      staleTime: Infinity,
    })),
  });
  const ready = codes.filter((_, index) => texts[index]?.data);
  const lang = ready.length > 0 ? ready[round % ready.length]! : fallback;
  const textsOf = texts[codes.indexOf(lang)]?.data;
  return { lang, t: translator(textsOf), ready: textsOf !== undefined };
}
