/**
 * Measures the order screen's initial JavaScript in the built SPA (architecture §7 budget):
 * the entry chunk, every chunk it imports statically, and the order route's lazy chunk with its own
 * static imports. Sizes are `gzip -9` bytes, reported in 1000-byte kilobytes.
 *
 * Run after `npm run build -w @kippu/web`: `node --import tsx apps/web/build/order-route-size.ts`
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const ASSETS = `${DIST}assets/`;
const BUDGET_KB = 150;

/** Static imports only: `import"./x.js"` and `from"./x.js"`; dynamic `import("./x.js")` loads later. */
const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g;

function staticClosure(roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(ASSETS + file, 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) queue.push(match[1]!);
  }
  return [...seen];
}

const html = readFileSync(`${DIST}index.html`, 'utf8');
const entry = /<script type="module"[^>]*src="\.\/assets\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('No module entry script in dist/index.html');
const orderChunk = readdirSync(ASSETS).find((file) => /^order-screen-[\w-]+\.js$/.test(file));
if (!orderChunk) throw new Error('No order-screen chunk in dist/assets');

const files = staticClosure([entry, orderChunk]);
const rows = files.map((file) => ({
  file,
  gzip: gzipSync(readFileSync(ASSETS + file), { level: 9 }).length,
}));
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const kb = (bytes: number) => (bytes / 1000).toFixed(2).padStart(7);

for (const row of rows) console.log(`${kb(row.gzip)} KB  ${row.file}`);
console.log(`${kb(total)} KB  total (budget ${BUDGET_KB} KB)`);
if (total > BUDGET_KB * 1000) process.exitCode = 1;
