import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { paginate, singlePage, type PageMetrics, type PagePart } from './signage-pages.ts';

/** The CSS variable that gives every row of cards the planned height (today-ticket-info.css). */
export const ROW_HEIGHT_VARIABLE = '--signage-row-height';

/**
 * What the rendered screen says about its sizes; null while nothing is there to measure. The cards are
 * measured at their own height, without the planned row height the screen gives every row.
 */
function measure(area: HTMLElement): PageMetrics | null {
  const planned = area.style.getPropertyValue(ROW_HEIGHT_VARIABLE);
  area.style.removeProperty(ROW_HEIGHT_VARIABLE);
  try {
    return measureAsLaidOut(area);
  } finally {
    if (planned) area.style.setProperty(ROW_HEIGHT_VARIABLE, planned);
  }
}

function measureAsLaidOut(area: HTMLElement): PageMetrics | null {
  const sections = [...area.querySelectorAll<HTMLElement>('.signage__product')];
  const cards = [...area.querySelectorAll<HTMLElement>('.signage__slot')];
  const firstList = area.querySelector<HTMLElement>('.signage__slots');
  if (sections.length === 0 || cards.length === 0 || !firstList) return null;
  const listStyle = getComputedStyle(firstList);
  const headingHeight = Math.max(
    ...sections.map((section) => {
      const list = section.querySelector('.signage__slots');
      return list ? list.getBoundingClientRect().top - section.getBoundingClientRect().top : 0;
    }),
  );
  return {
    available: area.clientHeight,
    productGap: parseFloat(getComputedStyle(area).rowGap) || 0,
    headingHeight,
    columns: listStyle.gridTemplateColumns.split(' ').filter(Boolean).length,
    rowHeight: Math.max(...cards.map((card) => card.getBoundingClientRect().height)),
    rowGap: parseFloat(listStyle.rowGap) || 0,
  };
}

/**
 * Heights only grow while the area keeps its size and language: a page whose cards happen to be shorter
 * must not make the next page plan differently, or two plans could take turns forever.
 */
function merged(previous: PageMetrics | null, next: PageMetrics): PageMetrics {
  if (!previous) return next;
  return {
    ...next,
    headingHeight: Math.max(previous.headingHeight, next.headingHeight),
    rowHeight: Math.max(previous.rowHeight, next.rowHeight),
  };
}

const same = (a: PageMetrics | null, b: PageMetrics) =>
  a !== null && (Object.keys(b) as (keyof PageMetrics)[]).every((key) => Math.abs(a[key] - b[key]) < 0.5);

export interface SignagePages {
  /** What the current page shows: parts of products, in order. */
  parts: PagePart[];
  page: number;
  pageCount: number;
  /** Counts the rounds through all pages: the language cycle moves on once per round. */
  round: number;
  /**
   * The height the plan gives every row of cards (the tallest card measured), null before the screen is
   * measured. Every row is drawn this tall (ROW_HEIGHT_VARIABLE), so a row of short cards does not leave
   * room the plan did not count on: a page holds exactly what was planned for it.
   */
  rowHeight: number | null;
}

/**
 * The entrance screen's pages (issue 11): measures the product area as laid out (`area` comes from a
 * callback ref, so an area that mounts later is measured at once), plans pages of whole card rows
 * (`paginate`) and turns them every `pageMs` (page-time.ts; on a one-page day, the time each language
 * stays); after the last page the next round starts, in which the
 * language cycle shows the next language, so every language shows every page. Measured again whenever
 * the area or a product on it changes size (window, reconnecting notice, another language).
 */
export function useSignagePages(
  area: HTMLElement | null,
  slotCounts: readonly number[],
  pageMs: number,
): SignagePages {
  const [measured, setMeasured] = useState<{ size: string; metrics: PageMetrics } | null>(null);
  const metrics = measured?.metrics ?? null;
  const countsKey = slotCounts.join(',');
  const pages = useMemo(
    () => (metrics ? paginate(slotCounts, metrics) : singlePage(slotCounts)),
    // slotCounts as its contents: a new array with the same counts on every poll plans nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [metrics, countsKey],
  );
  const [cycle, setCycle] = useState({ page: 0, round: 0 });
  const page = Math.min(cycle.page, pages.length - 1);
  const pageCount = useRef(pages.length);
  useEffect(() => {
    pageCount.current = pages.length;
  }, [pages.length]);

  // Before paint: a plan from the sizes replaces the everything-on-one-page first draw without it ever
  // showing, and a changed size re-plans before the cut-off rows could show.
  useLayoutEffect(() => {
    const element = area;
    if (!element) return;
    const update = () => {
      const next = measure(element);
      if (!next) return;
      // The language too: heights that grew in one language do not shrink another's pages for good.
      const size = `${element.clientWidth}x${element.clientHeight}|${element.closest('[lang]')?.getAttribute('lang')}`;
      setMeasured((previous) => {
        const sameArea = previous?.size === size;
        const combined = sameArea ? merged(previous.metrics, next) : next;
        return sameArea && same(previous.metrics, combined) ? previous : { size, metrics: combined };
      });
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    for (const section of element.querySelectorAll('.signage__product')) observer.observe(section);
    return () => observer.disconnect();
  }, [area, pages, page]);

  useEffect(() => {
    const timer = setInterval(() => {
      setCycle(({ page: shown, round }) =>
        shown + 1 < pageCount.current ? { page: shown + 1, round } : { page: 0, round: round + 1 },
      );
    }, pageMs);
    return () => clearInterval(timer);
  }, [pageMs]);

  return {
    parts: pages[page] ?? [],
    page,
    pageCount: pages.length,
    round: cycle.round,
    rowHeight: metrics?.rowHeight ?? null,
  };
}
