import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LangCode } from '@kippu/contract';
import type { Page } from 'playwright-core';
import { expect, expectNoAxeViolations, LANGUAGE_AXE_RULES } from './fixtures.ts';
import { totpCode, totpStep } from './console-totp.ts';
import { REPO_ROOT } from './repo-root.ts';
import { expectNoHorizontalOverflow, saveScreenshot } from './screenshots.ts';

/** The console's screens are desktop-first and used on a tablet at the gate (issue 27). */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const TABLET = { width: 820, height: 1180 } as const;

/** A browser whose own language is `lang` (the console's language before sign-in is the browser's). */
export function consoleBrowser(lang: LangCode) {
  return { viewport: DESKTOP, locale: lang === 'ja' ? 'ja-JP' : 'en-US' };
}

const texts = new Map<LangCode, Record<string, string>>();

/** A console text as staff read it in `lang` (the console's texts and its features'), `{name}` placeholders filled. */
export function consoleText(
  lang: LangCode,
  key: string,
  values: Record<string, string | number> = {},
): string {
  let all = texts.get(lang);
  if (!all) {
    // The shell's texts and each feature's own (features/<name>/texts, loaded with its screen).
    const consoleDir = join(REPO_ROOT, 'apps/web/src/console');
    const files = [
      join(consoleDir, 'texts', `${lang}.json`),
      ...readdirSync(join(consoleDir, 'features'))
        .map((feature) => join(consoleDir, 'features', feature, 'texts', `${lang}.json`))
        .filter((file) => existsSync(file)),
    ];
    all = Object.assign(
      {},
      ...files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>),
    ) as Record<string, string>;
    texts.set(lang, all);
  }
  const template = all[key];
  if (template === undefined) throw new Error(`No console text "${key}" in ${lang}`);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/** The console text with each `{placeholder}` standing for any words. */
export function consolePattern(lang: LangCode, key: string): RegExp {
  const escaped = consoleText(lang, key).replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{\w+\}/g, '.+')}$`);
}

/** axe once per screen kind (ADR 053): in full in Japanese, the language rules in English. */
const AXE_LANG: LangCode = 'ja';

/**
 * A console screen as staff see it: no horizontal overflow, axe clean, and its picture at desktop and tablet
 * width (e2e/screenshots/console/<lang>-<name>-desktop.png, -tablet.png).
 */
export async function consoleScreen(
  page: Page,
  lang: LangCode,
  name: string,
  /** false: the picture of what is in view only (a log as long as every journey's events). */
  { wholePage = true }: { wholePage?: boolean } = {},
): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page, lang === AXE_LANG ? {} : { rules: LANGUAGE_AXE_RULES });
  await saveScreenshot(page, `console/${lang}-${name}-desktop`, { wholePage });
  const viewport = page.viewportSize()!;
  await page.setViewportSize(TABLET);
  try {
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, `console/${lang}-${name}-tablet`, { wholePage });
  } finally {
    await page.setViewportSize(viewport);
  }
}

const usedSteps = new Map<string, number>();

/**
 * The authenticator's current code for `secret`, never one of a step this run already used: the server
 * accepts each step once (replay refused), so a second sign-in in the same 30 seconds waits for the next.
 */
export async function freshTotp(secret: string): Promise<string> {
  while (usedSteps.get(secret) === totpStep()) {
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));
  }
  // Not within the last second of a step: the code could turn stale on its way.
  if (Date.now() % 30_000 > 29_000) await new Promise((resolve) => setTimeout(resolve, 1_500));
  const step = totpStep();
  usedSteps.set(secret, step);
  return totpCode(secret, step);
}

export interface StaffAccount {
  email: string;
  password: string;
  /** Base32 seed of a member whose role asks a second factor. */
  totpSecret?: string;
}

/** The console's menu (a signed-in screen's navigation). */
export function consoleMenu(page: Page, lang: LangCode) {
  return page.getByRole('navigation', { name: consoleText(lang, 'nav_label') });
}

/**
 * Signs in on the console's sign-in screen (opened at `/console/`), with the TOTP code when the second step
 * asks one; `screens` runs the screen checks on the sign-in and second-factor screens. Ends on a signed-in
 * screen with the menu.
 */
export async function signInToConsole(
  page: Page,
  lang: LangCode,
  account: StaffAccount,
  screens?: (name: string) => Promise<void>,
): Promise<void> {
  await page.goto('/console/#/sign-in');
  const email = page.getByLabel(consoleText(lang, 'field_email'));
  await email.waitFor();
  await email.fill(account.email);
  await page.getByLabel(consoleText(lang, 'field_password'), { exact: true }).fill(account.password);
  await screens?.('sign-in');
  await page.getByRole('button', { name: consoleText(lang, 'sign_in_submit') }).click();
  if (account.totpSecret) {
    const code = page.getByLabel(consoleText(lang, 'field_totp_code'));
    await code.waitFor();
    await screens?.('second-factor');
    await code.fill(await freshTotp(account.totpSecret));
    await page.getByRole('button', { name: consoleText(lang, 'second_factor_submit') }).click();
  }
  await consoleMenu(page, lang).waitFor();
}

/** The console in `lang` whatever the account's own language: the language picker of the top bar. */
export async function useConsoleLanguage(page: Page, lang: LangCode): Promise<void> {
  const name = new RegExp(`^(${consoleText('ja', 'language')}|${consoleText('en', 'language')})$`);
  await page.getByRole('combobox', { name }).selectOption(lang);
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
}

/** The demo owner as the server prints it at start and the README lists it (apps/server/src/seed/demo-staff.ts). */
export const DEMO_OWNER: StaffAccount = {
  email: 'owner@demo.kippu.test',
  password: 'kippu-demo-owner',
  totpSecret: 'KIPPUDEMOOWNERTOTPSECRETKIPPUDEM',
};

/** A console API call from the page, with its session cookie: the status only (what the member may reach). */
export function consoleApiStatus(page: Page, path: string): Promise<number> {
  return page.evaluate(
    async (url) => (await fetch(url, { credentials: 'same-origin' })).status,
    `/console/api/v1${path}`,
  );
}
