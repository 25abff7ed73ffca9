import axe from 'axe-core';
import type { Frame, Page } from 'playwright-core';

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * axe-core in the page itself, its half-megabyte source injected once per document rather than on every
 * check. @axe-core/playwright injected it twice per check and finished each run in a new blank page with a
 * third copy: about 1.3 s of CPU a check, 40 % of a journey's (ADR 134). A hash route keeps the document, so
 * a journey's later screens reuse the copy its first screen injected; a full page load injects again.
 */
async function injectOnce(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => window.axe !== undefined)) return;
  await frame.evaluate(axe.source);
}

/** The WCAG levels the product promises (A and AA of 2.0 and 2.1). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page's document: the product's WCAG levels, or with `rules` only those rules. Frames of the
 * page's own origin are checked with it (axe asks each for its part); a frame the script cannot enter
 * (detached, or of another origin) is left out.
 */
export async function runAxe(page: Page, { rules }: { rules?: string[] } = {}): Promise<axe.AxeResults> {
  for (const frame of page.frames()) await injectOnce(frame).catch(() => undefined);
  const options: axe.RunOptions = {
    runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: AXE_TAGS },
  };
  return page.evaluate((runOptions) => window.axe!.run(document, runOptions), options);
}
