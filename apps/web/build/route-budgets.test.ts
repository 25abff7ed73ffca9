import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureConsoleFirstScreen, measureRoutes, type RouteSize } from './route-sizes.ts';
import { WEB_DIST, webBuildIsCurrent } from './source-stamp.ts';

const WEB_ROOT = fileURLToPath(new URL('../', import.meta.url));
const VITE_BIN = fileURLToPath(new URL('../../../node_modules/vite/bin/vite.js', import.meta.url));

/**
 * The CI check of issue 12: a production build and every lazy route's compressed initial JavaScript against
 * its budget (route-sizes.ts). In `npm test` the e2e setup has already built apps/web/dist from these very
 * sources (its stamp says so, source-stamp.ts): that build is measured. Otherwise the test builds its own in a
 * temporary directory, leaving the working build in apps/web/dist alone.
 */
describe('route JavaScript budgets', () => {
  const reuse = webBuildIsCurrent();
  const outDir = reuse ? WEB_DIST : mkdtempSync(join(tmpdir(), 'kippu-budget-'));
  let routes: RouteSize[] = [];
  let consoleFirstScreen: RouteSize | undefined;

  beforeAll(async () => {
    if (!reuse) {
      // As `npm run build`: the visitors' page, then the console's into the same directory (ADR 075).
      for (const config of ['vite.config.ts', 'vite.console.config.ts']) {
        await promisify(execFile)(
          process.execPath,
          [VITE_BIN, 'build', '-c', config, '--outDir', outDir, '--logLevel', 'error'],
          { cwd: WEB_ROOT, env: { ...process.env, NODE_ENV: 'production' } },
        );
      }
    }
    routes = measureRoutes(outDir);
    consoleFirstScreen = measureConsoleFirstScreen(outDir);
  }, 180_000);
  afterAll(() => {
    if (!reuse) rmSync(outDir, { recursive: true, force: true });
  });

  it('finds the lazy routes, the order screen and the ticket page among them', () => {
    const names = routes.map((route) => route.route);
    expect(names).toContain('order-screen');
    expect(names).toContain('ticket-screen');
    expect(routes.length).toBeGreaterThan(10);
  });

  it('keeps every route within its compressed budget', () => {
    const over = routes
      .filter((route) => route.brotli > route.budget)
      .map((route) => `${route.route}: ${route.brotli} bytes brotli > budget ${route.budget}`);
    expect(over).toEqual([]);
  });

  it("keeps the console's first screen within its budget, without the visitor app's code (issue 27)", () => {
    const measured = consoleFirstScreen!;
    expect(measured.files.some((file) => file.startsWith('console-'))).toBe(true);
    // Its staff member's texts are counted: one of the six language chunks.
    expect(measured.files.some((file) => /^(?:ja|en|zh-hans|kr|zh-hant|th)-/.test(file))).toBe(true);
    // The visitors' router, i18next and stores (framework-libs) and their shared app code stay out.
    expect(measured.files.filter((file) => /^(framework-libs|app-shared)-/.test(file))).toEqual([]);
    expect(measured.brotli, `${measured.brotli} bytes brotli`).toBeLessThanOrEqual(measured.budget);
  });

  it("keeps the console's routes out of every visitor page (routes.ts is the visitors' table only)", () => {
    const visitorFiles = [...new Set(routes.flatMap((route) => route.files))];
    // A route's name is a string literal in the bundle: `consoleSession`, "consoleSignIn".
    const carrying = visitorFiles.filter((file) =>
      /["'`]console[A-Z]\w*["'`]/.test(readFileSync(join(outDir, 'assets', file), 'utf8')),
    );
    expect(visitorFiles.length).toBeGreaterThan(10);
    expect(carrying).toEqual([]);
  });

  it('writes brotli and gzip copies of the assets at build time', () => {
    const orderScreen = routes.find((route) => route.route === 'order-screen')!;
    const framework = orderScreen.files.find((file) => file.startsWith('framework-'))!;
    expect(existsSync(join(outDir, 'assets', `${framework}.br`))).toBe(true);
    expect(existsSync(join(outDir, 'assets', `${framework}.gz`))).toBe(true);
  });

  it('lets no lazy chunk load again a stylesheet the page has inline (its import would wait for it)', () => {
    const read = (file: string) => readFileSync(join(outDir, file), 'utf8');
    const inline = [...read('index.html').matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
    expect(inline.length).toBeGreaterThan(0);
    const assets = readdirSync(join(outDir, 'assets'));
    const loadedByChunks = new Set(
      assets
        .filter((file) => file.endsWith('.js'))
        .flatMap((file) =>
          [...read(`assets/${file}`).matchAll(/"\.\/([\w-]+\.css)"/g)].map((match) => match[1]!),
        ),
    );
    expect(loadedByChunks.size).toBeGreaterThan(0);
    const again = [...loadedByChunks].filter((file) => inline.includes(read(`assets/${file}`)));
    expect(again).toEqual([]);
  });
});
