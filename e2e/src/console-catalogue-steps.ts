import type { LangCode, LocalizedText } from '@kippu/contract';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { expect, nextVisitorAddress } from './fixtures.ts';
import { consoleText } from './console-steps.ts';

/**
 * Steps of the console journeys of issue 28 (products, slots, coupons) and the visitor API they watch.
 */

/**
 * The languages as the console's six-language editor names them (apps/web/src/console/shared/i18n/
 * console-i18n.tsx, LANG_NAMES): each field is labelled "<text's name> <language>".
 */
const LANGUAGE_NAMES: Record<LangCode, string> = {
  ja: '日本語',
  en: 'English',
  'zh-hans': '简体中文',
  kr: '한국어',
  'zh-hant': '繁體中文',
  th: 'ไทย',
};

/** The console text as a pattern: `values` filled in, every other `{placeholder}` standing for any words. */
export function consoleTextPattern(
  lang: LangCode,
  key: string,
  values: Record<string, string | number> = {},
): RegExp {
  const template = consoleText(lang, key);
  const parts = template.split(/(\{\w+\})/);
  const source = parts
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return escapeRegExp(part);
      return name in values ? escapeRegExp(String(values[name])) : '.+';
    })
    .join('');
  return new RegExp(`^${source}$`);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Opens a console screen by its hash in the same document (the language picked on the page stays). */
export async function openConsoleScreen(page: Page, hash: string): Promise<void> {
  await page.evaluate((next) => {
    window.location.hash = next;
  }, hash);
}

/** Fills a six-language editor (its group named `label`) with `values`. */
export async function fillLocalizedText(scope: Locator | Page, label: string, values: LocalizedText) {
  const group = scope.getByRole('group', { name: label, exact: true });
  for (const [code, value] of Object.entries(values) as [LangCode, string][]) {
    await group.getByLabel(`${label} ${LANGUAGE_NAMES[code]}`, { exact: true }).fill(value);
  }
}

/** A visitor API call of the suite's server (a GET: no XSRF token needed); fails with the server's answer. */
export async function visitorApi<T>(path: string): Promise<T> {
  const response = await fetch(`${inject('e2eBaseUrl')}${path}`);
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * Polls `read` until `shows` holds: a change made in the console reaching the visitor side (the answer cache
 * keeps availability a second, texts longer). Fails naming `what` and the last answer.
 */
export async function untilVisitorSees<T>(
  what: string,
  read: () => Promise<T>,
  shows: (answer: T) => boolean,
): Promise<T> {
  let last: T | undefined;
  try {
    await expect
      .poll(
        async () => {
          last = await read();
          return shows(last);
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);
  } catch {
    throw new Error(
      `The visitor side never showed ${what}; it last answered ${JSON.stringify(last)?.slice(0, 600)}`,
    );
  }
  return last!;
}

/** The yen amount as both the console and the visitor pages group it ("1,800"). */
export function groupedYen(amount: number): string {
  return amount.toLocaleString('en-US');
}

/**
 * The visitor's coupon call on their order (`POST /ordercoupons/{order token}`, as the confirm screen makes it):
 * answers the discount it took, or fails with the server's answer.
 */
export async function applyCouponAsVisitor(
  slug: string,
  orderToken: string,
  code: string,
): Promise<{ coupon_code: string; coupon_discount: number }> {
  const xsrf = 'e2e-console-coupon-xsrf';
  const response = await fetch(`${inject('e2eBaseUrl')}/${slug}/api/v1/ordercoupons/${orderToken}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      'x-forwarded-for': nextVisitorAddress(),
    },
    body: JSON.stringify({ coupon_code: code }),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`The coupon ${code} was refused (${response.status}): ${text}`);
  return JSON.parse(text) as { coupon_code: string; coupon_discount: number };
}

/** A CSV file's rows (RFC 4180 without quoted commas, as the coupon batch's is: codes are letters and digits). */
export function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}
