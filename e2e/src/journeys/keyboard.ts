import type { Locator, Page } from 'playwright-core';
import { expect } from '../fixtures.ts';

/**
 * Keyboard-only journeys: move the focus as a keyboard user does (Tab, Shift+Tab, arrow keys) and prove
 * that no pointer was used on the way.
 */

/** A keyboard user's Tab presses through a whole screen (header, form, footer) stay below this. */
const MAX_TAB_PRESSES = 60;

/** What has the focus, in words: the failure message says where the focus got stuck. */
export function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing (the page body)';
    const name =
      element.getAttribute('aria-label') ??
      element.getAttribute('name') ??
      (element.textContent ?? '').trim().slice(0, 60);
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    return `${role} "${name}"`;
  });
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `maxPresses` times; fails with the
 * target and what had the focus last when it never gets there (not in the tab order, hidden, disabled).
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, maxPresses = MAX_TAB_PRESSES }: { backwards?: boolean; maxPresses?: number } = {},
): Promise<void> {
  await target.waitFor({ state: 'visible' });
  const key = backwards ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses < maxPresses; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  if (await isFocused(target)) return;
  throw new Error(
    `${target} never got the focus in ${maxPresses} presses of ${key}; the focus ended on ${await focusedElement(page)}`,
  );
}

/** The calendar day that has the focus (its data-date), or null when the focus is elsewhere. */
function focusedDate(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('data-date') ?? null);
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * In the order calendar, which has the focus on one of its days: moves the focus to `date` with the
 * arrow keys (a week at a time with Up/Down, then day by day), paging months as the grid does.
 */
export async function arrowToDate(page: Page, date: string): Promise<void> {
  for (let presses = 0; presses < 62; presses++) {
    const current = await focusedDate(page);
    if (current === null) throw new Error(`The calendar lost the focus to ${await focusedElement(page)}`);
    const days = dayNumber(date) - dayNumber(current);
    if (days === 0) return;
    const key = days >= 7 ? 'ArrowDown' : days <= -7 ? 'ArrowUp' : days > 0 ? 'ArrowRight' : 'ArrowLeft';
    await page.keyboard.press(key);
    // The grid moves the focus after it re-renders (a month change may load its stock first).
    await expect.poll(() => focusedDate(page)).not.toBe(current);
  }
  throw new Error(`The arrow keys never reached ${date} in the calendar`);
}

/**
 * Counts every pointer press in the page from now on, across reloads (a page binding): a keyboard-only
 * journey ends with this at 0. Keyboard activation fires click events, never pointerdown.
 */
export async function countPointerPresses(page: Page): Promise<() => number> {
  let presses = 0;
  await page.exposeBinding('__kippuPointerPressed', () => {
    presses++;
  });
  await page.addInitScript(() => {
    const binding = window as unknown as { __kippuPointerPressed: () => Promise<void> };
    for (const type of ['pointerdown', 'mousedown', 'touchstart'])
      window.addEventListener(type, () => void binding.__kippuPointerPressed(), { capture: true });
  });
  return () => presses;
}
