import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * What each lazy route of the built SPA makes a visitor download before it shows: the entry chunk, the
 * chunks the page preloads, every chunk they import statically, and the route's lazy chunk with its own
 * static imports (architecture §7,
 * issue 12). Sizes are compressed bytes: `gzip -9` and brotli 11 (what the server sends to
 * browsers that accept it, precompressed at build time).
 */
export interface RouteSize {
  /** Over budget when `brotli` (the bytes a browser downloads) exceeds `budget`. */
  /** The lazy chunk's name without its hash: `order-screen`, `ticket-screen`, ... */
  route: string;
  files: string[];
  gzip: number;
  brotli: number;
  budget: number;
}

/**
 * Compressed JavaScript budgets per route in bytes of brotli (what every current browser is sent); a route
 * not named here gets the default. gzip is printed beside it for the rare client without brotli.
 */
export const ROUTE_BUDGETS: Readonly<Record<string, number>> = {
  // The order screen is the page most visitors land on (issue 12's target; 133.8 KB brotli on 2026-11-23).
  'order-screen': 150_000,
  // The ticket page is opened at the gate on a phone, often on a poor connection (138.5 KB with the QR library, which loads with it).
  'ticket-screen': 150_000,
};
export const DEFAULT_ROUTE_BUDGET = 175_000;

/** Static imports only: `import"./x.js"` and `from"./x.js"`; dynamic `import("./x.js")` loads later. */
const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["'`]\.\/([^"'`]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;

export function measureRoutes(distDir: string): RouteSize[] {
  const assets = `${distDir.replace(/\/?$/, '/')}assets/`;
  const sources = new Map<string, string>();
  const source = (file: string) => {
    let code = sources.get(file);
    if (code === undefined) sources.set(file, (code = readFileSync(assets + file, 'utf8')));
    return code;
  };
  const staticClosure = (roots: string[]) => {
    const seen = new Set<string>();
    const queue = [...roots];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const match of source(file).matchAll(STATIC_IMPORT)) queue.push(match[1]!);
    }
    return [...seen];
  };
  const compressed = new Map<string, { gzip: number; brotli: number }>();
  const sizeOf = (file: string) => {
    let size = compressed.get(file);
    if (!size) {
      const raw = Buffer.from(source(file));
      size = {
        gzip: gzipSync(raw, { level: 9 }).length,
        brotli: brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }).length,
      };
      compressed.set(file, size);
    }
    return size;
  };

  const html = readFileSync(`${distDir.replace(/\/?$/, '/')}index.html`, 'utf8');
  const entry = /<script type="module"[^>]*src="\.\/assets\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('No module entry script in index.html');
  // The page downloads its entry and every module it preloads (the app, started after the first paint:
  // build/preload-app.ts) whatever the route.
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\.\/assets\/([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  const page = [entry, ...preloaded];
  const initial = new Set(staticClosure(page));
  const lazy = new Set<string>();
  for (const file of initial) {
    for (const match of source(file).matchAll(DYNAMIC_IMPORT)) {
      if (!initial.has(match[1]!)) lazy.add(match[1]!);
    }
  }

  return [...lazy].sort().map((chunk) => {
    const files = staticClosure([...page, chunk]);
    const route = chunk.replace(/-[\w-]{8}\.js$/, '');
    return {
      route,
      files,
      gzip: files.reduce((sum, file) => sum + sizeOf(file).gzip, 0),
      brotli: files.reduce((sum, file) => sum + sizeOf(file).brotli, 0),
      budget: ROUTE_BUDGETS[route] ?? DEFAULT_ROUTE_BUDGET,
    };
  });
}

/**
 * The console's first screen (issue 27, ADR 067): what `/console/` downloads before it draws the sign-in
 * screen: console.html's entry, the modules it preloads, their static imports, and the largest of the six
 * text chunks (the staff member's language is loaded before the first render). Staff screens are lazy.
 * 120.1 KB brotli on 2026-11-28 with the Thai texts (React, TanStack Query, zod and react-hook-form for the
 * sign-in form are most of it); 125.0 KB on 2026-11-30 with more shell texts, 122.4 KB once the texts' chunks
 * dropped their named export per key (vite.console.config.ts).
 */
export const CONSOLE_FIRST_SCREEN_BUDGET = 125_000;

const CONSOLE_TEXT_CHUNK = /^(?:ja|en|zh-hans|kr|zh-hant|th)-[\w-]{8}\.js$/;

export function measureConsoleFirstScreen(distDir: string): RouteSize {
  const dir = distDir.replace(/\/?$/, '/');
  const html = readFileSync(`${dir}console.html`, 'utf8');
  const entry = /<script type="module"[^>]*src="\.\/assets\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('No module entry script in console.html');
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\.\/assets\/([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  const read = (file: string) => readFileSync(`${dir}assets/${file}`, 'utf8');
  const files = new Set<string>();
  const queue = [entry, ...preloaded];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const match of read(file).matchAll(STATIC_IMPORT)) queue.push(match[1]!);
  }
  const texts = [...files]
    .flatMap((file) => [...read(file).matchAll(DYNAMIC_IMPORT)].map((match) => match[1]!))
    .filter((file) => CONSOLE_TEXT_CHUNK.test(file));
  const size = (file: string) => {
    const raw = Buffer.from(read(file));
    return {
      gzip: gzipSync(raw, { level: 9 }).length,
      brotli: brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }).length,
    };
  };
  const largestText = [...new Set(texts)].sort((a, b) => size(b).brotli - size(a).brotli)[0];
  if (largestText) files.add(largestText);
  const all = [...files];
  return {
    route: 'console-first-screen',
    files: all,
    gzip: all.reduce((sum, file) => sum + size(file).gzip, 0),
    brotli: all.reduce((sum, file) => sum + size(file).brotli, 0),
    budget: CONSOLE_FIRST_SCREEN_BUDGET,
  };
}
