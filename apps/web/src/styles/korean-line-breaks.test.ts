import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';

/**
 * Line breaking needs a real browser: Chromium lays out Korean text with the app's global stylesheet and a
 * component that sets its own word-break (the screen hero's title), in a column narrower than the text.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Tests run from the repository's root (vitest.config.ts).
const css = (path: string) => readFileSync(resolve(process.cwd(), 'apps/web/src', path), 'utf8');
const STYLES = [css('styles/global.css'), css('shared/ui/screen-hero.css')].join('\n');

const SENTENCE = '예약하신 티켓은 입장 당일에 휴대전화 화면으로 보여 주시기 바랍니다';
const LONG_ADDRESS = 'reservation-confirmation-mailbox-for-visitors@kippudemo.example.jp';

const page = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><style>${STYLES}</style></head>
<body>
  <p id="text" style="width: 7.5em; font-size: 16px; line-height: 2">${SENTENCE}</p>
  <h1 id="title" class="screen-hero__title" style="width: 7.5em; font-size: 16px">${SENTENCE}</h1>
  <p id="address" style="width: 7.5em; font-size: 16px">${LONG_ADDRESS}</p>
</body></html>`;

describe('Korean line breaks (issue 32: words broke mid-word)', () => {
  it('breaks Korean lines between words only, and still wraps a long string with no space', async () => {
    expect(existsSync(CHROMIUM)).toBe(true);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const tab = await browser.newPage({ viewport: { width: 390, height: 800 } });
      await tab.setContent(page);
      const measured = await tab.evaluate(() => {
        /** The words whose characters do not all sit on one line, and how many lines the text took. */
        function layout(id: string) {
          const node = document.getElementById(id)!.firstChild as Text;
          const tops: number[] = [];
          const range = document.createRange();
          for (let i = 0; i < node.data.length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            tops.push(Math.round(range.getBoundingClientRect().top));
          }
          const split: string[] = [];
          let start = 0;
          for (const word of node.data.split(' ')) {
            const wordTops = new Set(tops.slice(start, start + word.length));
            if (wordTops.size > 1) split.push(word);
            start += word.length + 1;
          }
          return { split, lines: new Set(tops).size };
        }
        const address = document.getElementById('address')!;
        return {
          text: layout('text'),
          title: layout('title'),
          addressOverflow: address.scrollWidth - address.clientWidth,
        };
      });
      // More than one line (the column is narrow), and no word cut in two.
      expect(measured.text.lines).toBeGreaterThan(2);
      expect(measured.text.split).toEqual([]);
      expect(measured.title.lines).toBeGreaterThan(2);
      expect(measured.title.split).toEqual([]);
      // The fallback: a string with no space breaks anywhere rather than overflow its column.
      expect(measured.addressOverflow).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
