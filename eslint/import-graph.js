// The repository's import graph, type-only imports included, for the cycle rule (ADR 062).
// eslint-plugin-import-x's no-cycle skips `import type` by design (they vanish at runtime), but a type cycle
// still ties two modules into one: neither can be understood, moved or tested without the other.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const CODE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs'];

/** file → { mtimeMs, imports }: a file is parsed again only when it changed on disk (the lint test plants files). */
const parsed = new Map();
/** package name → its folder and exports, for the workspaces' own packages (`@kippu/contract/enums`). */
const workspaces = new Map();

function fileExists(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function resolveFile(base) {
  if (CODE_FILE.test(base) && fileExists(base)) return base;
  // `./x.js` written for `./x.ts` (TypeScript's NodeNext habit), or no extension at all
  const stem = base.replace(/\.[cm]?jsx?$/, '');
  for (const extension of EXTENSIONS) if (fileExists(stem + extension)) return stem + extension;
  for (const extension of EXTENSIONS)
    if (fileExists(path.join(base, `index${extension}`))) return path.join(base, `index${extension}`);
  return null;
}

/** A workspace package of this repository (a symlink out of node_modules), or null for a real dependency. */
function workspaceOf(root, name) {
  if (!workspaces.has(name)) {
    let found = null;
    try {
      const dir = realpathSync(path.join(root, 'node_modules', name));
      if (!dir.split(path.sep).includes('node_modules')) {
        const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
        found = { dir, exports: manifest.exports ?? {}, main: manifest.main };
      }
    } catch {
      found = null;
    }
    workspaces.set(name, found);
  }
  return workspaces.get(name);
}

function resolveWorkspace(root, specifier) {
  const parts = specifier.split('/');
  const nameLength = specifier.startsWith('@') ? 2 : 1;
  const workspace = workspaceOf(root, parts.slice(0, nameLength).join('/'));
  if (!workspace) return null;
  const subpath = ['.', ...parts.slice(nameLength)].join('/');
  const { exports } = workspace;
  let target = typeof exports === 'string' ? (subpath === '.' ? exports : null) : exports[subpath];
  if (target == null && typeof exports === 'object') {
    for (const [pattern, replacement] of Object.entries(exports)) {
      const star = pattern.indexOf('*');
      if (star < 0) continue;
      const [head, tail] = [pattern.slice(0, star), pattern.slice(star + 1)];
      if (subpath.startsWith(head) && subpath.endsWith(tail) && subpath.length >= head.length + tail.length) {
        const middle = subpath.slice(head.length, subpath.length - tail.length);
        target = String(replacement).replace('*', middle);
        break;
      }
    }
  }
  if (target && typeof target === 'object') target = target.import ?? target.default ?? null;
  if (target == null && subpath === '.') target = workspace.main ?? 'index.js';
  return typeof target === 'string' ? resolveFile(path.resolve(workspace.dir, target)) : null;
}

/** The file an import names, or null for a dependency, an asset or something that does not exist. */
export function resolveImport(root, fromFile, specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    return resolveFile(path.resolve(path.dirname(fromFile), specifier));
  }
  if (specifier.startsWith('node:')) return null;
  return resolveWorkspace(root, specifier);
}

/** Every module a source text imports (static, type-only, re-exports, `import()`), resolved to files. */
export function importsOfText(root, file, text) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const resolved = new Set();
  for (const { fileName } of importedFiles) {
    const target = resolveImport(root, file, fileName);
    if (target && target !== file) resolved.add(target);
  }
  return [...resolved];
}

/** A file's imports as they are on disk now; [] for a file that is gone. */
export function importsOf(root, file) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    parsed.delete(file);
    return [];
  }
  const known = parsed.get(file);
  if (known && known.mtimeMs === mtimeMs) return known.imports;
  const imports = importsOfText(root, file, readFileSync(file, 'utf8'));
  parsed.set(file, { mtimeMs, imports });
  return imports;
}

/**
 * For each import of `file` (given as its resolved target) that leads back to `file`, the shortest way back.
 * Walks what `file` reaches once, then which of those reach `file` (the reverse edges), so each file linted
 * costs one pass over its reach.
 */
export function cyclesThrough(root, file, targets) {
  const edges = new Map([[file, targets]]);
  const queue = [...targets];
  while (queue.length > 0) {
    const node = queue.pop();
    if (edges.has(node)) continue;
    const next = importsOf(root, node);
    edges.set(node, next);
    for (const target of next) if (!edges.has(target)) queue.push(target);
  }
  const importers = new Map();
  for (const [node, next] of edges) {
    for (const target of next) {
      if (!importers.has(target)) importers.set(target, []);
      importers.get(target).push(node);
    }
  }
  // distance (in imports) from each module back to `file`, and the step it takes
  const stepBack = new Map([[file, null]]);
  const frontier = [file];
  for (let index = 0; index < frontier.length; index++) {
    for (const importer of importers.get(frontier[index]) ?? []) {
      if (stepBack.has(importer)) continue;
      stepBack.set(importer, frontier[index]);
      frontier.push(importer);
    }
  }
  const found = new Map();
  for (const start of targets) {
    if (start === file || !stepBack.has(start)) continue;
    const route = [start];
    for (let node = stepBack.get(start); node !== null; node = stepBack.get(node)) route.push(node);
    found.set(start, route);
  }
  return found;
}
