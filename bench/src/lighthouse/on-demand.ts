import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/**
 * Lighthouse and chrome-launcher are installed when this benchmark first runs, not by `npm install`: with
 * puppeteer-core, chromium-bidi, Sentry and OpenTelemetry they are about 185 MB that no test, build or
 * server needs (ADR 052). Pinned, so every run measures with the same Lighthouse; a new pin installs into a
 * new folder. KIPPU_BENCH_CACHE moves the cache (default: the repository's node_modules/.cache).
 */
export const LIGHTHOUSE_VERSION = '12.8.2';
export const CHROME_LAUNCHER_VERSION = '1.2.1';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CACHE_ROOT = process.env.KIPPU_BENCH_CACHE ?? join(REPO_ROOT, 'node_modules/.cache/kippu-bench');

/** The parts of Lighthouse's node API and report the benchmark reads (its own types install with it). */
export interface LighthouseResult {
  lhr: {
    runtimeError?: { message: string };
    audits: Record<string, { numericValue?: number } | undefined>;
    categories: { performance?: { score: number | null } };
    environment: { benchmarkIndex: number };
  };
  artifacts: { Trace: unknown; DevtoolsLog: unknown };
}

export type Lighthouse = (
  url: string,
  flags: {
    port: number;
    output: 'json';
    logLevel: 'error';
    onlyCategories: string[];
    additionalTraceCategories?: string;
  },
) => Promise<LighthouseResult | undefined>;

export interface LaunchedChrome {
  port: number;
  kill(): void;
}

export interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<LaunchedChrome>;
}

function installedVersion(dir: string, name: string): string | undefined {
  const manifest = join(dir, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** Lighthouse and chrome-launcher at their pins, installed into the cache first if they are not there. */
export async function loadLighthouse(): Promise<{ lighthouse: Lighthouse; chromeLauncher: ChromeLauncher }> {
  const dir = join(CACHE_ROOT, `lighthouse-${LIGHTHOUSE_VERSION}-chrome-launcher-${CHROME_LAUNCHER_VERSION}`);
  const wanted = [`lighthouse@${LIGHTHOUSE_VERSION}`, `chrome-launcher@${CHROME_LAUNCHER_VERSION}`];
  if (
    installedVersion(dir, 'lighthouse') !== LIGHTHOUSE_VERSION ||
    installedVersion(dir, 'chrome-launcher') !== CHROME_LAUNCHER_VERSION
  ) {
    console.log(`  installing ${wanted.join(' and ')} into ${dir} (once, about 185 MB)…`);
    mkdirSync(dir, { recursive: true });
    // A package of its own, so npm installs here and not into the repository's workspaces.
    writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
    const started = Date.now();
    await promisify(execFile)(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', dir, ...wanted],
      { cwd: dir },
    );
    console.log(`  installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } else {
    console.log(`  using ${wanted.join(' and ')} from ${dir}`);
  }
  // Imported from a module inside the cache folder, so its bare names resolve to the cache's node_modules.
  const loader = join(dir, 'load.mjs');
  writeFileSync(
    loader,
    "export { default as lighthouse } from 'lighthouse';\nexport * as chromeLauncher from 'chrome-launcher';\n",
  );
  return (await import(pathToFileURL(loader).href)) as {
    lighthouse: Lighthouse;
    chromeLauncher: ChromeLauncher;
  };
}
