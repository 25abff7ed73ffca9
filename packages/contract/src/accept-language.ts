import type { LangCode } from './enums.ts';

/** A language tag's primary subtag and script/region, lower case, to one of the six (ADR 110); null if none. */
function sixOf(tag: string): LangCode | null {
  const [primary = '', ...rest] = tag.toLowerCase().split('-');
  switch (primary) {
    case 'ja':
      return 'ja';
    case 'en':
      return 'en';
    case 'th':
      return 'th';
    case 'ko':
      return 'kr';
    case 'zh': {
      // Script first (zh-Hant-HK, zh-Hans-TW), then the regions that write traditional characters.
      if (rest.includes('hant')) return 'zh-hant';
      if (rest.includes('hans')) return 'zh-hans';
      return rest.some((part) => part === 'tw' || part === 'hk' || part === 'mo') ? 'zh-hant' : 'zh-hans';
    }
    default:
      return null;
  }
}

/**
 * The browser's preferred languages (`Accept-Language`, RFC 9110 §12.5.4) normalised to the six, best first,
 * each once: `zh-CN`/`zh-SG`/`zh-Hans`/`zh` → zh-hans, `zh-TW`/`zh-HK`/`zh-MO`/`zh-Hant` → zh-hant, `ko` → kr.
 * Weights order them (equal weights keep the header's order); `q=0` and unknown languages are left out.
 */
export function preferredLanguages(header: string | undefined): LangCode[] {
  if (!header) return [];
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { lang: sixOf(tag.trim()), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.lang !== null && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return [...new Set(ranked.map((entry) => entry.lang!))];
}
