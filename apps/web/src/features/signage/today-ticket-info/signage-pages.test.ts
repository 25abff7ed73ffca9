import { describe, expect, it } from 'vitest';
import { paginate, singlePage, type PageMetrics } from './signage-pages.ts';

/** Round figures close to a 1920×1080 panel: 5 cards a row, 100 px rows, room for a heading and 6 rows. */
const SCREEN: PageMetrics = {
  available: 800,
  productGap: 20,
  headingHeight: 60,
  columns: 5,
  rowHeight: 100,
  rowGap: 20,
};

describe('signage pages', () => {
  it('keeps a day that fits on one page', () => {
    // 60 + 2 rows (220) + 20 + 60 + 2 rows (220) = 580 ≤ 800
    expect(paginate([9, 7], SCREEN)).toEqual([
      [
        { product: 0, from: 0, to: 9 },
        { product: 1, from: 0, to: 7 },
      ],
    ]);
  });

  it('continues a product on the next page, under its heading again, at a whole row', () => {
    // Product 0: 60 + 4 rows (460) = 520; product 1 gets 800 - 520 - 20 - 60 = 200 → 1 row (5 cards).
    expect(paginate([20, 12], SCREEN)).toEqual([
      [
        { product: 0, from: 0, to: 20 },
        { product: 1, from: 0, to: 5 },
      ],
      [{ product: 1, from: 5, to: 12 }],
    ]);
  });

  it('moves a product whose heading and first row do not fit to the next page', () => {
    // 60 + 6 rows (700) = 760: 40 px left, no room for a heading and a row.
    expect(paginate([30, 3], SCREEN)).toEqual([
      [{ product: 0, from: 0, to: 30 }],
      [{ product: 1, from: 0, to: 3 }],
    ]);
  });

  it('splits one long product over as many pages as its rows need', () => {
    const pages = paginate([70], SCREEN);
    expect(pages).toEqual([
      [{ product: 0, from: 0, to: 30 }],
      [{ product: 0, from: 30, to: 60 }],
      [{ product: 0, from: 60, to: 70 }],
    ]);
  });

  it('still shows everything in turn, a row a page, on a screen too small for one row', () => {
    expect(paginate([7], { ...SCREEN, available: 50 })).toEqual([
      [{ product: 0, from: 0, to: 5 }],
      [{ product: 0, from: 5, to: 7 }],
    ]);
  });

  it('answers one empty page for a day without slots', () => {
    expect(paginate([], SCREEN)).toEqual([[]]);
    expect(singlePage([])).toEqual([[]]);
  });

  it('puts every slot on exactly one page, in order', () => {
    const counts = [9, 1, 23, 4, 16];
    for (const available of [150, 300, 555, 800, 1200]) {
      const shown = paginate(counts, { ...SCREEN, available })
        .flat()
        .flatMap(({ product, from, to }) =>
          Array.from({ length: to - from }, (_, i) => `${product}:${from + i}`),
        );
      expect(shown).toEqual(
        counts.flatMap((count, product) => Array.from({ length: count }, (_, i) => `${product}:${i}`)),
      );
    }
  });
});
