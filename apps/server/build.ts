/**
 * Compiles the server (and the contract it imports) from TypeScript to JavaScript, one output file per
 * source file, so production runs plain `node dist/main.js` (ADR 038): no TypeScript loader thread and no
 * compiling at start. Tests, `npm run dev` and the command-line tools still run the sources through tsx.
 *
 * Each tree keeps its layout at the same depth (`src/` → `dist/`), so the paths the server finds from
 * `import.meta.url` (migrations, the web build, fonts, texts) resolve the same from either. Nothing is
 * bundled but JSON texts: every import stays an import, with `.ts` rewritten to `.js` and `@kippu/contract`
 * pointed at the contract's compiled files.
 *
 * The gateway simulator (apps/gateway-simulator, ADR 060) is compiled beside them when its workspace is
 * there, for a development or demo start from `dist`; the server reaches it by one dynamic import that a
 * production start (GATEWAY_SIMULATOR off) never runs, so a production build without it works the same.
 */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER = { src: join(REPO_ROOT, 'apps/server/src'), dist: join(REPO_ROOT, 'apps/server/dist') };
const CONTRACT = {
  src: join(REPO_ROOT, 'packages/contract/src'),
  dist: join(REPO_ROOT, 'packages/contract/dist'),
};
const SIMULATOR = {
  src: join(REPO_ROOT, 'apps/gateway-simulator/src'),
  dist: join(REPO_ROOT, 'apps/gateway-simulator/dist'),
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        entry.isFile() && entry.name.endsWith('.ts') && !/[.-]test(-fixtures)?\.ts$/.test(entry.name),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Where a source file of `tree` lands once compiled. */
function outputOf(tree: typeof SERVER, source: string): string {
  return join(tree.dist, relative(tree.src, source)).replace(/\.ts$/, '.js');
}

/** A relative specifier from one output file to another, as ESM wants it (`./` or `../` in front). */
function specifierFrom(fromFile: string, toFile: string): string {
  const path = relative(dirname(fromFile), toFile).split('\\').join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** Leaves every import external, rewritten to point at compiled files. */
function keepImports(tree: typeof SERVER): Plugin {
  return {
    name: 'keep-imports',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, (args) => {
        // JSON modules are inlined: an external one would lose its `with { type: 'json' }`.
        if (args.kind === 'entry-point' || args.path.endsWith('.json')) return undefined;
        const contract = /^@kippu\/contract(?:\/(.+))?$/.exec(args.path);
        if (contract) {
          const target = join(CONTRACT.dist, `${contract[1] ?? 'index'}.js`);
          return { path: specifierFrom(outputOf(tree, args.importer), target), external: true };
        }
        if (args.path === '@kippu/gateway-simulator') {
          const target = join(SIMULATOR.dist, 'index.js');
          return { path: specifierFrom(outputOf(tree, args.importer), target), external: true };
        }
        if (args.path.startsWith('.') && args.path.endsWith('.ts')) {
          const target = outputOf(tree, resolve(dirname(args.importer), args.path));
          return { path: specifierFrom(outputOf(tree, args.importer), target), external: true };
        }
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * Builds into a fresh folder and swaps it in, so a server already running from `dist` (several processes on
 * one machine, a benchmark starting its next server) never finds a module half written or gone.
 */
async function compile(tree: typeof SERVER): Promise<void> {
  const next = `${tree.dist}.next-${process.pid}`;
  const old = `${tree.dist}.old-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await build({
    entryPoints: sourceFiles(tree.src),
    outbase: tree.src,
    outdir: next,
    bundle: true,
    plugins: [keepImports(tree)],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  rmSync(old, { recursive: true, force: true });
  try {
    renameSync(tree.dist, old);
  } catch {
    // No earlier build.
  }
  renameSync(next, tree.dist);
  rmSync(old, { recursive: true, force: true });
}

await compile(CONTRACT);
if (existsSync(SIMULATOR.src)) await compile(SIMULATOR);
await compile(SERVER);
