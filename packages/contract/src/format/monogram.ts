/**
 * Every demo venue's English name starts with the operator's brand ("Kippu ..."), so its initial would
 * give all sites the same mark; the venue's own words are what tell them apart.
 */
const SHARED_BRAND = 'kippu';
const MINOR_WORDS = new Set(['a', 'an', 'and', 'at', 'in', 'of', 'on', 'the']);

/** One or two capital letters from a site's English name, e.g. "Kippu Forest Art Museum" -> "FA". */
export function monogram(englishName: string): string {
  const words = englishName
    .split(/[\s\-_/]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word !== '');
  const own = words.filter((word) => word.toLowerCase() !== SHARED_BRAND);
  const significant = own.filter((word) => !MINOR_WORDS.has(word.toLowerCase()));
  const source = significant.length > 0 ? significant : own.length > 0 ? own : words;
  const letters = source
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('');
  return letters.toLocaleUpperCase('en') || '?';
}
