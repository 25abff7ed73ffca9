import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The web app is built once per test run (ADR 053): the e2e setup builds it into apps/web/dist and leaves a
 * stamp with a hash of everything the build reads and a hash of the page it produced; the route-budget test
 * measures that build when the stamp matches the sources as they are now and the page in dist/ is still that
 * build's, and builds its own copy otherwise (run alone, after a change, or after another build). The stamp
 * lives in node_modules/.cache, not in dist/, so the server never serves it.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const WEB_DIST = join(REPO_ROOT, 'apps/web/dist');
const STAMP = join(REPO_ROOT, 'node_modules/.cache/kippu/web-build-stamp');
/** The built page names every hashed asset: another build (other sources or settings) changes it. */
const BUILT_PAGE = join(WEB_DIST, 'index.html');

function builtPageHash(): string | null {
  return existsSync(BUILT_PAGE) ? createHash('sha256').update(readFileSync(BUILT_PAGE)).digest('hex') : null;
}

/** What the production build of the web app reads: its own files, the contract's, the locked packages. */
const INPUTS = ['apps/web', 'packages/contract', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED = new Set(['node_modules', 'dist', 'dist-pre-paint', '.vite']);

function files(path: string, into: string[]): void {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    into.push(path);
    return;
  }
  for (const entry of readdirSync(path).sort()) if (!SKIPPED.has(entry)) files(join(path, entry), into);
}

/** A hash of the names and contents of the build's inputs, plus the mode it builds in. */
export function webSourceHash(): string {
  const hash = createHash('sha256').update('NODE_ENV=production\n');
  const found: string[] = [];
  for (const input of INPUTS) files(join(REPO_ROOT, input), found);
  for (const file of found) hash.update(`${relative(REPO_ROOT, file)}\n`).update(readFileSync(file));
  return hash.digest('hex');
}

/** Written by the e2e setup right after `npm run build` (with the source hash taken just before it started). */
export function writeWebBuildStamp(sourceHash: string): void {
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${sourceHash} ${builtPageHash()}\n`);
}

/** True when apps/web/dist is the build the e2e setup made from the sources as they are now. */
export function webBuildIsCurrent(): boolean {
  if (!existsSync(STAMP)) return false;
  const [sourceHash, pageHash] = readFileSync(STAMP, 'utf8').trim().split(' ');
  return pageHash === builtPageHash() && sourceHash === webSourceHash();
}
