/**
 * Pages of the entrance screen (issue 11: readable from 3 m). The type stays large, so a day with more
 * slots than one screen holds is shown a page at a time instead of being cut off at the bottom or shrunk.
 * Products are stacked, each a heading over a grid of slot cards; a product that does not fit on the rest
 * of a page continues on the next one under its heading again, split between two rows of cards.
 */

/** Sizes read from the rendered screen, in CSS pixels. */
export interface PageMetrics {
  /** Height of the area the products are shown in. */
  available: number;
  /** Space between two products. */
  productGap: number;
  /** A product's heading with the space under it, down to its first row of cards. */
  headingHeight: number;
  /** Cards in one row. */
  columns: number;
  /** Height of the tallest card. */
  rowHeight: number;
  /** Space between two rows of cards. */
  rowGap: number;
}

/** The slots `from` (inclusive) to `to` (exclusive) of the product at `product`, under its heading. */
export interface PagePart {
  product: number;
  from: number;
  to: number;
}

/** One page holding everything: before the screen could be measured, or when it all fits. */
export function singlePage(slotCounts: readonly number[]): PagePart[][] {
  return [slotCounts.map((count, product) => ({ product, from: 0, to: count }))];
}

/**
 * Fills pages from the top with whole rows of cards: each product starts on the current page if its
 * heading and at least one row still fit there, and goes on over as many pages as its rows need. A page
 * always takes at least one row, so a screen too small for even that still shows everything in turn.
 */
export function paginate(slotCounts: readonly number[], metrics: PageMetrics): PagePart[][] {
  const { available, productGap, headingHeight, rowHeight, rowGap } = metrics;
  const columns = Math.max(1, metrics.columns);
  const pages: PagePart[][] = [];
  let page: PagePart[] = [];
  let used = 0;
  for (const [product, count] of slotCounts.entries()) {
    let from = 0;
    while (from < count) {
      const gap = page.length > 0 ? productGap : 0;
      const room = available - used - gap - headingHeight;
      let rowsThatFit = room >= rowHeight ? Math.floor((room + rowGap) / (rowHeight + rowGap)) : 0;
      if (rowsThatFit === 0) {
        if (page.length > 0) {
          pages.push(page);
          page = [];
          used = 0;
          continue;
        }
        rowsThatFit = 1;
      }
      const rows = Math.min(rowsThatFit, Math.ceil((count - from) / columns));
      const to = Math.min(count, from + rows * columns);
      page.push({ product, from, to });
      used += gap + headingHeight + rows * rowHeight + (rows - 1) * rowGap;
      from = to;
    }
  }
  if (page.length > 0 || pages.length === 0) pages.push(page);
  return pages;
}
