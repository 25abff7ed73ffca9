import type * as fontkit from 'fontkit';

/**
 * An exact text layer for a shaped font (issue 32: the Thai receipt's copied text lost its vowels).
 *
 * pdfkit writes one ToUnicode entry per glyph, taken from the first `glyph.codePoints` it meets; fontkit
 * caches one Glyph object per glyph id with the code points of its first use. Thai shaping breaks both:
 * SARA AM (ำ) is decomposed into NIKHAHIT + SARA AA glyphs, the second carrying no code point, so
 * whichever use of the SARA AA glyph comes first in a document decides whether every า of the document is
 * copied as า or as nothing (and ำ came out as ำา). Here each glyph keeps the code points the shaper gave
 * it in this run, and each distinct (glyph, text) pair gets its own CID pointing at the same outline, so the
 * ToUnicode map says exactly what each drawn glyph stands for.
 */

/** The parts of pdfkit's EmbeddedFont this relies on (pdfkit 0.20; the font's own `encode` is replaced). */
interface ShapedPdfFont {
  font: fontkit.Font;
  subset: { glyphs: number[]; includeGlyph(glyph: number): number };
  unicode: number[][];
  widths: number[];
  scale: number;
  layout(text: string, features?: unknown): { glyphs: fontkit.Glyph[]; positions: fontkit.GlyphPosition[] };
  encode(text: string, features?: unknown): [string[], fontkit.GlyphPosition[]];
}

const PATCHED = Symbol('exact text layer');

/** Glyphs of `face` answer the code points of the call that asked for them, not of their first use. */
function glyphsKeepTheirText(face: fontkit.Font): void {
  const cached = face.getGlyph.bind(face);
  face.getGlyph = (id: number, codePoints?: number[]) => {
    const glyph = cached(id, codePoints);
    if (!glyph || !codePoints) return glyph;
    // A view of the cached glyph (outline and metrics shared) with this use's text.
    return Object.create(glyph, { codePoints: { value: codePoints } }) as fontkit.Glyph;
  };
}

/**
 * What a glyph that stands for no character maps to: WORD JOINER, default-ignorable and meaning "no break
 * here", so readers drop it (pdf.js does) and none breaks a Thai word at it. An empty ToUnicode entry makes
 * pdf.js print the CID instead; ZERO WIDTH SPACE would mark a Thai word boundary; U+FEFF reads as a space.
 */
const NOTHING = 0x2060;

/**
 * What each glyph of a shaped run stands for. A character the shaper split into several glyphs (ำ into
 * NIKHAHIT + SARA AA) gives its text to the last of them, the spacing one, and the marks before it stand for
 * nothing: readers that guess word gaps from positions then see no gap after the mark (with the text on the
 * mark, pdf.js read "จำ นวน").
 */
export function glyphTexts(glyphs: readonly { codePoints: number[] }[]): number[][] {
  const texts = glyphs.map((glyph) => [...glyph.codePoints]);
  for (let index = 0; index < texts.length; index++) {
    let last = index;
    while (last + 1 < texts.length && texts[last + 1]!.length === 0) last++;
    if (last > index) {
      texts[last] = texts[index]!;
      for (let part = index; part < last; part++) texts[part] = [NOTHING];
      index = last;
    } else if (texts[index]!.length === 0) texts[index] = [NOTHING];
  }
  return texts;
}

/** Gives pdfkit's embedded font `pdfFont` (doc._font after doc.font(name)) an exact ToUnicode map. */
export function exactTextLayer(pdfFont: unknown): void {
  const font = pdfFont as ShapedPdfFont & { [PATCHED]?: true };
  if (font[PATCHED]) return;
  font[PATCHED] = true;
  glyphsKeepTheirText(font.font);
  const cids = new Map<string, number>();
  font.encode = (text, features) => {
    const { glyphs, positions } = font.layout(text, features);
    const texts = glyphTexts(glyphs);
    const encoded = glyphs.map((glyph, index) => {
      const codePoints = texts[index]!;
      const key = `${glyph.id}:${codePoints.join(',')}`;
      let cid = cids.get(key);
      if (cid === undefined) {
        const first = font.subset.includeGlyph(glyph.id);
        if (font.unicode[first] === undefined) cid = first;
        else {
          // The same outline already stands for other text: a second CID drawing it.
          font.subset.glyphs.push(glyph.id);
          cid = font.subset.glyphs.length - 1;
        }
        font.unicode[cid] = codePoints;
        font.widths[cid] = glyph.advanceWidth * font.scale;
        cids.set(key, cid);
      }
      return cid.toString(16).padStart(4, '0');
    });
    return [encoded, positions];
  };
}
