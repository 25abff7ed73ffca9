import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import type { LangCode } from '@kippu/contract';

/**
 * The receipt's typefaces (ADR 023): Noto Sans in the regular weight, one per script family, so all six
 * languages render; the files and their licence (OFL) ship in apps/server/assets/fonts (ADR 052). The PDF
 * embeds only the glyphs it uses (pdfkit subsets).
 */
const FONT_FILES = {
  jp: 'NotoSansJP-Regular.ttf',
  kr: 'NotoSansKR-Regular.ttf',
  sc: 'NotoSansSC-Regular.ttf',
  tc: 'NotoSansTC-Regular.ttf',
  thai: 'NotoSansThai-Regular.ttf',
} as const;
// src/domain/receipts → apps/server/assets; dist/ keeps the same depth (build.ts).
const FONT_DIR = new URL('../../../assets/fonts/', import.meta.url);
export type ReceiptFont = keyof typeof FONT_FILES;

/** The face a language reads best in; the others follow as fallbacks, Japanese first (every stored text has it). */
const PRIMARY: Record<LangCode, ReceiptFont> = {
  ja: 'jp',
  en: 'jp',
  'zh-hans': 'sc',
  kr: 'kr',
  'zh-hant': 'tc',
  th: 'thai',
};
const FALLBACK_ORDER: ReceiptFont[] = ['jp', 'kr', 'sc', 'tc', 'thai'];

interface LoadedFont {
  data: Buffer;
  face: fontkit.Font;
}
// Read lazily and kept: a receipt only loads the faces its text needs (the CJK files are 5–10 MB each).
const loaded = new Map<ReceiptFont, LoadedFont>();

export function receiptFont(font: ReceiptFont): LoadedFont {
  let found = loaded.get(font);
  if (!found) {
    const data = readFileSync(new URL(FONT_FILES[font], FONT_DIR));
    found = { data, face: fontkit.create(data) as fontkit.Font };
    loaded.set(font, found);
  }
  return found;
}

/** The faces to try for `lang`, best first. */
export function receiptFontOrder(lang: LangCode): ReceiptFont[] {
  const primary = PRIMARY[lang];
  return [primary, ...FALLBACK_ORDER.filter((font) => font !== primary)];
}

export interface TextRun {
  font: ReceiptFont;
  text: string;
}

/**
 * `text` cut into runs of one face each: every character in the first face of `order` that has it (a
 * product named only in Japanese on a Thai receipt still prints). Spaces and marks join the run they sit in.
 */
export function textRuns(text: string, order: readonly ReceiptFont[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const previous = runs.at(-1);
    const joins = /[\s\p{M}]/u.test(char) && previous;
    const font = joins
      ? previous.font
      : (order.find((candidate) => receiptFont(candidate).face.hasGlyphForCodePoint(codePoint)) ?? order[0]!);
    if (previous && previous.font === font) previous.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}
