import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';

/**
 * The share screen's unavailable "create link" button (issue 32: it looked enabled), laid out by Chromium
 * with the app's stylesheets on a light and a dark site: it must look unlike the enabled button and keep
 * 4.5:1 for its text and 3:1 for its outline against the card it sits on.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Tests run from the repository's root (vitest.config.ts).
const css = (path: string) => readFileSync(resolve(process.cwd(), 'apps/web/src', path), 'utf8');
const STYLES = [css('styles/global.css'), css('features/tickets/share/share.css')].join('\n');

const page = (tone: 'light' | 'dark') => `<!doctype html>
<html lang="en"${tone === 'dark' ? ` data-tone="dark" style="--background: #0b0b12"` : ''}>
<head><meta charset="utf-8"><style>${STYLES}</style></head>
<body><form class="share-form">
  <button id="off" type="submit" class="button button--primary share-form__submit" aria-disabled="true">Create a link</button>
  <button id="on" type="submit" class="button button--primary share-form__submit" aria-disabled="false">Create a link</button>
</form></body></html>`;

type Rgb = [number, number, number];

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the share form’s unavailable button', () => {
  it.each(['light', 'dark'] as const)('looks unavailable and passes contrast (%s site)', async (tone) => {
    expect(existsSync(CHROMIUM)).toBe(true);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const tab = await browser.newPage({ viewport: { width: 390, height: 600 } });
      await tab.setContent(page(tone));
      const looks = await tab.evaluate(() => {
        // Any CSS colour (rgb(), color(srgb ...), color-mix results) as 0-1 sRGB through a canvas pixel.
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 1;
        const context = canvas.getContext('2d', { willReadFrequently: true })!;
        const rgb = (color: string) => {
          context.clearRect(0, 0, 1, 1);
          context.fillStyle = '#fff';
          context.fillRect(0, 0, 1, 1);
          context.fillStyle = color;
          context.fillRect(0, 0, 1, 1);
          const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
          return [r! / 255, g! / 255, b! / 255];
        };
        const style = (id: string) => getComputedStyle(document.getElementById(id)!);
        const card = rgb(getComputedStyle(document.querySelector('.share-form')!).backgroundColor);
        const off = style('off');
        const on = style('on');
        return {
          card,
          offText: rgb(off.color),
          offBorder: rgb(off.borderTopColor),
          offBorderStyle: off.borderTopStyle,
          offBackground: off.backgroundColor,
          onBackground: on.backgroundColor,
          offCursor: off.cursor,
        };
      });
      const card = looks.card as Rgb;
      expect(contrast(looks.offText as Rgb, card)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(looks.offBorder as Rgb, card)).toBeGreaterThanOrEqual(3);
      // Not the enabled button's filled look.
      expect(looks.offBackground).not.toBe(looks.onBackground);
      expect(looks.offBorderStyle).toBe('dashed');
      expect(looks.offCursor).toBe('not-allowed');
    } finally {
      await browser.close();
    }
  });
});
