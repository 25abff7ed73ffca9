import { DEMO_SITE_CODES } from '@kippu/contract';
import type { BrowserContext } from 'playwright-core';

/**
 * The first-visit flags of spec §3 as the web app stores them (apps/web/src/features/first-visit/
 * first-visit-flags.ts: localStorage, `kippu.<SITE>.<flag>`; ADR 105).
 */
const FIRST_VISIT_FLAG_NAMES = ['appDownloadModalShown', 'tutorialShown'];

/**
 * Marks every site's first-visit guides as already shown in a browser context, before any of its pages
 * runs: the journeys that do not test the app-download modal and the order tutorial meet the order screen
 * as a returning visitor does. The fixtures' newPage does it unless asked for a first visit
 * (`newPage({ firstVisit: true })`, e2e/src/journeys/first-visit.test.ts).
 */
export async function skipFirstVisitGuides(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ sites, flags }: { sites: string[]; flags: string[] }) => {
      const mark = (site: string) => {
        for (const flag of flags) {
          const key = `kippu.${site}.${flag}`;
          if (localStorage.getItem(key) === null) localStorage.setItem(key, '1');
        }
      };
      try {
        sites.forEach(mark);
        // A site a journey made in the console: the page names it (<body data-site>) once parsed.
        document.addEventListener('DOMContentLoaded', () => {
          const site = document.body?.dataset.site;
          if (site) mark(site);
        });
      } catch {
        // A page without storage (about:blank, a data: URL): nothing to mark.
      }
    },
    { sites: [...DEMO_SITE_CODES], flags: FIRST_VISIT_FLAG_NAMES },
  );
}
