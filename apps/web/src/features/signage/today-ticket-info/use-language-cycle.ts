import { useEffect, useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { LangCode } from '@kippu/contract/enums';
import { getTexts } from '../../../shared/api/endpoints/texts.ts';
import { langsQuery } from '../../../shared/api/endpoints/langs.ts';

/** How long each language stays on the screen. */
export const LANGUAGE_DWELL_MS = 8000;

export type Translate = (key: string, values?: Record<string, string | number>) => string;

function translator(texts: Record<string, string> | undefined): Translate {
  return (key, values = {}) =>
    (texts?.[key] ?? key).replace(/\{(\w+)\}/g, (match, name: string) =>
      name in values ? String(values[name]) : match,
    );
}

/**
 * The site's languages in their display order, one after another (issue 11: the signage cycles through
 * them), with each one's texts fetched once. A language whose texts are not there yet is skipped.
 */
export function useLanguageCycle(fallback: LangCode): { lang: LangCode; t: Translate } {
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
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((value) => value + 1), LANGUAGE_DWELL_MS);
    return () => clearInterval(timer);
  }, []);
  const lang = ready.length > 0 ? ready[tick % ready.length]! : fallback;
  const textsOf = texts[codes.indexOf(lang)]?.data;
  return { lang, t: translator(textsOf) };
}
