import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect, inject, test as base } from 'vitest';
import { runAxe } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { skipFirstVisitGuides } from './first-visit.ts';

export { describe, expect } from 'vitest';
export { skipBrowserSuites } from './browser.ts';

/** Shorter than Playwright's 30 s default: a missing element fails fast with a clear message. */
const ELEMENT_TIMEOUT_MS = 15_000;

const diagnostics = new WeakMap<Page, { failedResponses: string[]; consoleErrors: string[] }>();

/**
 * A distinct client address per browser context (198.18.0.0/15, the benchmarking range, never dialled). The
 * server's rate limits outlive a file, so each worker (VITEST_POOL_ID 1, 2, ...) counts in its own quarter of
 * the range, from a random start within it: no two contexts of a run share an address.
 */
const WORKER_SLICE = 32_768;
const worker = (Number(process.env.VITEST_POOL_ID ?? '1') - 1) % 4;
let visitors = Math.floor(Math.random() * WORKER_SLICE);
export function nextVisitorAddress(): string {
  visitors = (visitors + 1) % WORKER_SLICE;
  const address = worker * WORKER_SLICE + visitors;
  return `198.${18 + (address >> 16)}.${(address >> 8) & 255}.${address & 255}`;
}

export const PHONE_VIEWPORT = { width: 375, height: 812 } as const;

interface FileFixtures {
  /** Origin of the server under test, no trailing slash. */
  baseUrl: string;
}

interface WorkerFixtures {
  /** Closes the worker's browser when the worker ends (the e2e project runs its files unisolated). */
  browserOfWorker: void;
}

type NewPageOptions = BrowserContextOptions & { firstVisit?: boolean };

interface TestFixtures {
  /** A fresh page in its own browser context (fresh storage); fails the test on any uncaught page error. */
  page: Page;
  /**
   * Opens another isolated page with other context options (e.g. a phone viewport). Its visitor has been
   * shown every site's first-visit guides (e2e/src/first-visit.ts) unless `firstVisit: true`.
   */
  newPage: (options?: NewPageOptions) => Promise<Page>;
}

/** Past the e2e time-out (90 s, vitest.config.ts) with room to spare. */
const HUNG_AFTER_MS = 150_000;

/** A close that does not return in 30 s is reported and left behind, so one stuck browser cannot stop the run. */
async function closeWithin(closing: Promise<void>, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'gave up'>((resolve) => {
    timer = setTimeout(() => resolve('gave up'), 30_000);
  });
  const outcome = await Promise.race([closing.then(() => 'closed' as const), gaveUp]);
  clearTimeout(timer);
  if (outcome === 'gave up')
    process.stderr.write(`[e2e] closing ${what} took over 30 s; going on without it\n`);
}

/**
 * One Chromium per worker (ADR 053): launched for the first test that needs it and shared by every file the
 * worker runs (vitest.config.ts runs the e2e files unisolated, so this module lives as long as the worker);
 * each test still gets fresh contexts. A browser that went away (a crash) is launched again for the next test.
 */
let sharedBrowser: Promise<Browser> | undefined;
function workerBrowser(): Promise<Browser> {
  sharedBrowser ??= launchBrowser().then((browser) => {
    browser.once('disconnected', () => (sharedBrowser = undefined));
    return browser;
  });
  return sharedBrowser;
}

export const test = base.extend<{ $file: FileFixtures; $test: TestFixtures; $worker: WorkerFixtures }>({
  baseUrl: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads fixture dependencies from the pattern
    async ({}, use) => {
      await use(inject('e2eBaseUrl'));
    },
    { scope: 'file' },
  ],
  browserOfWorker: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads fixture dependencies from the pattern
    async ({}, use) => {
      await use();
      const launched = sharedBrowser;
      sharedBrowser = undefined;
      if (launched) await closeWithin((await launched).close(), 'the browser');
    },
    { scope: 'worker', auto: true },
  ],
  newPage: async ({ baseUrl, task }, use) => {
    // A test still running well past its time-out (a page call or a close that never returns) says which
    // one it is in the run's log: the run itself would otherwise just stop printing.
    const watchdog = setTimeout(
      () => process.stderr.write(`[e2e] still running after ${HUNG_AFTER_MS / 1000} s: ${task.name}\n`),
      HUNG_AFTER_MS,
    );
    watchdog.unref();
    const pageErrors: string[] = [];
    const contexts: Awaited<ReturnType<Browser['newContext']>>[] = [];
    await use(async ({ firstVisit = false, ...options } = {}) => {
      const context = await (
        await workerBrowser()
      ).newContext({
        baseURL: baseUrl,
        // One visitor per context, as a proxy in front of the server reports it (TEST-NET addresses).
        extraHTTPHeaders: { 'X-Forwarded-For': nextVisitorAddress() },
        ...options,
      });
      contexts.push(context);
      // The app-download modal and the order tutorial would stand before every journey's order screen.
      if (!firstVisit) await skipFirstVisitGuides(context);
      const page = await context.newPage();
      page.setDefaultTimeout(ELEMENT_TIMEOUT_MS);
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
      const failedResponses: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400)
          failedResponses.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      });
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text().slice(0, 300));
      });
      diagnostics.set(page, { failedResponses, consoleErrors });
      return page;
    });
    for (const context of contexts) await closeWithin(context.close(), 'a browser context');
    clearTimeout(watchdog);
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  },
  page: async ({ newPage }, use) => {
    await use(await newPage());
  },
});

/** Opens a path of the server and waits until the layout (header and footer) is on screen. */
export async function openPage(page: Page, path: string): Promise<void> {
  // The page carries its language list and settings (boot data), so the app starts in its language without
  // reloading itself: the header and footer below say the screen is ready, no network-idle wait is needed.
  const response = await page.goto(path);
  // Playwright answers null only for a same-document navigation (a hash change): nothing was fetched.
  if (response !== null) expect(response.status(), `HTTP status of ${path}`).toBe(200);
  try {
    await page.getByRole('banner').waitFor({ state: 'visible' });
    await page.getByRole('contentinfo').waitFor({ state: 'visible' });
  } catch (error) {
    throw new Error(`The layout of ${path} did not appear.\n${await describePage(page)}`, { cause: error });
  }
}

/** What the page shows and which requests failed: enough to tell a missing API from a broken screen. */
export async function describePage(page: Page): Promise<string> {
  const text = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch(() => '(no body)');
  const failed = diagnostics.get(page)?.failedResponses ?? [];
  const consoleErrors = diagnostics.get(page)?.consoleErrors ?? [];
  return [
    `URL: ${page.url()}`,
    `visible text: ${text.trim().slice(0, 500) || '(none)'}`,
    `failed requests: ${failed.length ? failed.join('; ') : 'none'}`,
    `console errors: ${consoleErrors.length ? consoleErrors.join('; ') : 'none'}`,
  ].join('\n');
}

export function htmlLang(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('lang');
}

export function bodySite(page: Page): Promise<string | null> {
  return page.locator('body').getAttribute('data-site');
}

/** The heading of the not-found page, once the page shows it. */
export async function notFoundTitle(page: Page): Promise<string> {
  const notFound = page.getByTestId('not-found');
  await notFound.waitFor({ state: 'visible' });
  return (await notFound.getByRole('heading').first().innerText()).trim();
}

/** Waits until <html lang> is `lang` (the app sets it once the language is resolved). */
export async function expectHtmlLang(page: Page, lang: string): Promise<void> {
  await expect.poll(() => htmlLang(page), { timeout: ELEMENT_TIMEOUT_MS }).toBe(lang);
}

/** A toast is on screen for 3.5 s, then hidden 1 s later (spec §4); with room for a loaded machine. */
const TOAST_GONE_MS = 8_000;

/** The longest entrance animation is 280 ms; this is for a slow, loaded CI machine. */
const ANIMATIONS_SETTLE_MS = 5_000;

/**
 * The axe rules that depend on the page's language: what a screen already checked in full (axe once per screen
 * kind, ADR 053) is still checked for in each other language.
 */
export const LANGUAGE_AXE_RULES = [
  'html-has-lang',
  'html-lang-valid',
  'valid-lang',
  'html-xml-lang-mismatch',
];

/**
 * Runs axe on the page and fails with a readable list of the WCAG A/AA violations found; with `rules`, only
 * those rules (e.g. LANGUAGE_AXE_RULES on a screen kind already checked in another language).
 */
export async function expectNoAxeViolations(page: Page, { rules }: { rules?: string[] } = {}): Promise<void> {
  // The settled screen is what is checked: colours read halfway through an entrance (a dialog fading in)
  // are no one's colours. Endless animations (loading pulses) are part of the screen as it is. A page in the
  // background runs no animation frames, so its animations never finish: the page comes to the front, and the
  // wait is bounded, so a page that still does not settle is checked as it is instead of hanging the run.
  await page.bringToFront();
  await page.evaluate(
    (settleMs) =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, settleMs)),
      ]),
    ANIMATIONS_SETTLE_MS,
  );
  // The top toast closes by itself 3.5 s after it opens (spec §4) with a 300 ms fade: on a loaded machine axe
  // can take long enough to read it halfway out (a failure seen in CI). A toast on screen is waited out (it is
  // hidden 1 s after it starts closing): its own colours are fixed in toast.css (white on #1d1d24, 16:1).
  await page
    .locator('[data-testid="toast"]:not([hidden])')
    .waitFor({ state: 'hidden', timeout: TOAST_GONE_MS })
    .catch(() => undefined);
  const results = await runAxe(page, { rules });
  const violations = results.violations.map((violation) => {
    const targets = violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(' ')} (${node.failureSummary?.replace(/\s+/g, ' ').trim()})`);
    return `${violation.id} (${violation.impact}): ${violation.help} at ${targets.join(' | ')}`;
  });
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}
