/**
 * Splits a label before its last word, so the word can be kept on one line with an icon after it.
 * Japanese, Chinese and Thai write without spaces, so words come from Intl.Segmenter (the browser's
 * dictionary), with the last space as the fallback where it is missing.
 */
export function splitLastWord(label: string, lang: string): { head: string; last: string } {
  const trimmed = label.trimEnd();
  if (typeof Intl.Segmenter === 'function') {
    const words = [...wordSegmenter(lang).segment(trimmed)];
    const lastWord = words.filter((segment) => segment.isWordLike).at(-1);
    if (lastWord) return { head: trimmed.slice(0, lastWord.index), last: trimmed.slice(lastWord.index) };
  }
  const space = trimmed.lastIndexOf(' ');
  return { head: trimmed.slice(0, space + 1), last: trimmed.slice(space + 1) };
}

/** One segmenter per language: building one loads the language's word-break data (tens of ms on a phone). */
const segmenters = new Map<string, Intl.Segmenter>();
function wordSegmenter(lang: string): Intl.Segmenter {
  let segmenter = segmenters.get(lang);
  if (!segmenter) segmenters.set(lang, (segmenter = new Intl.Segmenter(lang, { granularity: 'word' })));
  return segmenter;
}
