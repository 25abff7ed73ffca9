import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, screen } from '@testing-library/react';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LangCode } from '@kippu/contract/enums';
import { fakeConsoleApi, sessionOf } from '../test/console-fake-api.ts';
import { renderConsole } from '../test/render-console.tsx';

/**
 * Layout needs a real browser: the console as jsdom renders it (the Staff screen, members with long
 * addresses), laid out by Chromium with console.css at a tablet's and a desktop's width.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Tests run from the repository's root (vitest.config.ts).
const CSS = readFileSync(resolve(process.cwd(), 'apps/web/src/console/console.css'), 'utf8');

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const member = (id: number) => ({
  id,
  email: `hanako.administrator${id}@kippudemo.example.jp`,
  name: `Yamada Hanako ${id}`,
  lang: 'ja' as const,
  role: { id: 2, name: 'Administrator', template: 'administrator' as const },
  allSites: true,
  siteCodes: [],
  totpEnabled: true,
  lastSeenAt: null,
  joinedAt: '2026-11-01T00:00:00Z',
});

async function staffPage(lang: LangCode): Promise<string> {
  // A fresh console each time: the browser's language choice (kept in storage) is the member's here.
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  fakeConsoleApi({
    'GET /session': {
      status: 200,
      body: sessionOf('owner', {
        staff: { id: 7, email: 'owner@example.com', name: 'Demo Owner Taro', lang },
        sites: [{ code: 'MORI', name: 'Digital Art Museum Mori' }],
      }),
    },
    'GET /staff': { status: 200, body: { staff: [member(1), member(2), member(3)] } },
    'GET /roles': { status: 200, body: { roles: [] } },
    'GET /staff/invitations': { status: 200, body: { invitations: [] } },
  });
  await renderConsole('#/staff', lang);
  await screen.findAllByText('hanako.administrator3@kippudemo.example.jp');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>${CSS}</style></head>${document.body.outerHTML}</html>`;
}

describe('the console at tablet and desktop width', () => {
  it('keeps Sign out on the top bar’s one line and the Staff table’s Actions column in sight (820 and 1280, ja and en)', async () => {
    // Chromium is the e2e suites' browser (e2e/src/browser.ts); a machine without it cannot lay out.
    expect(existsSync(CHROMIUM)).toBe(true);
    const pages = { ja: await staffPage('ja'), en: await staffPage('en') };
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    const results: unknown[] = [];
    try {
      for (const [lang, html] of Object.entries(pages)) {
        for (const width of [820, 1280]) {
          const page = await browser.newPage({ viewport: { width, height: 800 } });
          await page.setContent(html);
          const measured = await page.evaluate(() => {
            const top = document.querySelector('.c-top')!;
            const first = top.firstElementChild!.getBoundingClientRect();
            const last = top.lastElementChild!.getBoundingClientRect();
            const wrap = document.querySelector('.c-table-wrap')!;
            return {
              oneLine: last.top < first.bottom,
              tableOverflow: wrap.scrollWidth - wrap.clientWidth,
              pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
            };
          });
          results.push([lang, width, measured]);
          await page.close();
        }
      }
    } finally {
      await browser.close();
    }
    const fits = { oneLine: true, tableOverflow: 0, pageOverflow: 0 };
    expect(results).toEqual([
      ['ja', 820, fits],
      ['ja', 1280, fits],
      ['en', 820, fits],
      ['en', 1280, fits],
    ]);
  });
});
