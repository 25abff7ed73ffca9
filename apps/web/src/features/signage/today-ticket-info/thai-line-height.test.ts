import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';

/**
 * Issue 32: Thai tone marks collided with the line above on signage. Chromium lays out the entrance screen's
 * elements with the app's stylesheets and reports each one's line height against its font size: Thai gets
 * room for stacked marks (at least 1.5), other languages keep the panel's tight lines.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Tests run from the repository's root (vitest.config.ts).
const css = (path: string) => readFileSync(resolve(process.cwd(), 'apps/web/src', path), 'utf8');
const STYLES = [
  css('styles/global.css'),
  css('features/signage/today-ticket-info/today-ticket-info.css'),
].join('\n');

// Thai with an upper vowel and a tone mark stacked (ที่, น้ำ, ผู้ใหญ่), in every kind of line the screen has.
const THAI = 'ผู้ใหญ่ ตั๋วเข้าชมที่นั่งน้ำพุ';
const CLASSES = [
  'signage__site',
  'signage__title',
  'signage__product-name',
  'signage__slot-time',
  'signage__page',
];
const screenIn = (lang: string) => `<div class="signage" lang="${lang}">
  <header class="signage__header"><p class="signage__site">${THAI}</p><h1 class="signage__title">${THAI}</h1></header>
  <ul class="signage__products"><li class="signage__product"><h2 class="signage__product-name">${THAI}</h2>
    <ul class="signage__slots"><li><span class="signage__slot-time">10:00</span>
    <span class="signage__slot-status">${THAI}</span></li></ul></li></ul>
  <p class="signage__page">1 / 2</p>
</div>`;

describe('signage line height', () => {
  it('gives Thai lines room for stacked tone marks, and leaves other languages as they were', async () => {
    expect(existsSync(CHROMIUM)).toBe(true);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const tab = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      const ratios = async (lang: string) => {
        await tab.setContent(
          `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>${STYLES}</style></head><body>${screenIn(lang)}</body></html>`,
        );
        return tab.evaluate(
          (classes) =>
            Object.fromEntries(
              ['signage', ...classes].map((name) => {
                const style = getComputedStyle(document.querySelector(`.${name}`)!);
                return [name, parseFloat(style.lineHeight) / parseFloat(style.fontSize)];
              }),
            ),
          CLASSES,
        );
      };
      const thai = await ratios('th');
      for (const [name, ratio] of Object.entries(thai))
        expect(ratio, `th ${name}`).toBeGreaterThanOrEqual(1.5);
      const japanese = await ratios('ja');
      expect(japanese.signage).toBeCloseTo(1.25, 2);
      expect(japanese.signage__page).toBeCloseTo(1.2, 2);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
