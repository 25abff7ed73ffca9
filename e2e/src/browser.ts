import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium; playwright-core ships no browser of its own. Its old headless shell (apt-get install
 * chromium-headless-shell: the same Chromium release without the full browser around it, what Playwright
 * itself runs headless) when installed, else the browser (apt-get install chromium): the shell's browser
 * process costs a third of the full one's CPU, and the journeys are CPU-bound on two cores (ADR 121).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const chromiumFound = existsSync(CHROMIUM_PATH);

if (!chromiumFound && process.env.CI === 'true') {
  // In CI a missing browser is a broken machine, never a reason to skip.
  throw new Error(
    `Chromium not found at ${CHROMIUM_PATH} (CI=true): install it (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
}

/** True only on a developer machine without Chromium; the browser suites then skip with a warning. */
export const skipBrowserSuites = !chromiumFound;

if (skipBrowserSuites) {
  console.warn(
    `[e2e] SKIPPING browser suites: Chromium not found at ${CHROMIUM_PATH}. ` +
      'Install it (apt-get install chromium) or set CHROMIUM_PATH. In CI (CI=true) this is a failure.',
  );
}

/** `extraArgs`: e.g. Chromium's fake camera flags for the gate scanner's read_qr test. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
}
