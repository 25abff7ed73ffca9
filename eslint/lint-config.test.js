// The guard rails themselves under test (ADR 062): ESLint's Node API with this repository's own config, on
// files planted in the real tree (the rules read the folders, so a fixture tree would prove nothing), each
// failure next to a passing neighbour so the test cannot pass by everything failing.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEntries, DOMAIN } from './domain-floors.js';

const ROOT = path.resolve(import.meta.dirname, '..');
// A name no real folder has, different per run, so two runs (or a crash's leftovers) never meet.
const PROBE = `zz-lint-probe-${process.pid}`;
const planted = [];

function plant(relative, text) {
  const file = path.join(ROOT, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

function plantFolder(relative) {
  planted.push(path.join(ROOT, relative));
  return relative;
}

let eslint;

/** Lints a planted file, or text as if at `relative` (the file need not exist), and gives its messages. */
async function lint(relative, text) {
  const file = path.join(ROOT, relative);
  const [result] =
    text === undefined ? await eslint.lintFiles([file]) : await eslint.lintText(text, { filePath: file });
  return result.messages;
}

const rules = (messages) => messages.map((message) => message.ruleId);

/** A real code file of a domain entry (folder or file) to import. */
function codeFileOf(entryPath) {
  if (/\.[jt]sx?$/.test(entryPath)) return entryPath;
  const file = readdirSync(path.join(ROOT, entryPath)).find(
    (name) => /\.ts$/.test(name) && !name.includes('.test.'),
  );
  return `${entryPath}/${file}`;
}

const SHARED = plantFolder(`apps/server/src/shared/${PROBE}`);
const WEB_FEATURES = ['a', 'b'].map((side) => plantFolder(`apps/web/src/features/${PROBE}-${side}`));
const SERVER_FEATURES = ['a', 'b'].map((side) => plantFolder(`apps/server/src/features/${PROBE}-${side}`));
const FAMILIES = ['a', 'b'].map((side) => plantFolder(`apps/server/src/payments/${PROBE}-${side}`));

/** Probe folders a crashed run left (its process is gone): they would change what the config reads. */
function removeStaleProbes() {
  const parents = [
    'apps/server/src/shared',
    'apps/web/src/features',
    'apps/server/src/features',
    'apps/server/src/payments',
  ];
  for (const parent of parents) {
    for (const name of readdirSync(path.join(ROOT, parent))) {
      const pid = /^zz-lint-probe-(\d+)/.exec(name)?.[1];
      if (pid && Number(pid) !== process.pid && !processAlive(Number(pid))) {
        rmSync(path.join(ROOT, parent, name), { recursive: true, force: true });
      }
    }
  }
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

beforeAll(() => {
  removeStaleProbes();
  // Planted before the first ESLint: the config reads the feature folders when it loads.
  plant(
    `${SHARED}/first.ts`,
    "import { second } from './second.ts';\nexport const first = (): number => second() + 1;\n",
  );
  plant(
    `${SHARED}/second.ts`,
    "import { first } from './first.ts';\nexport const second = (): number => first() - 1;\n",
  );
  plant(`${SHARED}/type-a.ts`, "import type { B } from './type-b.ts';\nexport type A = { b?: B };\n");
  plant(`${SHARED}/type-b.ts`, "import type { A } from './type-a.ts';\nexport type B = { a?: A };\n");
  plant(`${SHARED}/leaf.ts`, 'export const leaf = 1;\n');
  plant(`${SHARED}/above-leaf.ts`, "import { leaf } from './leaf.ts';\nexport const aboveLeaf = leaf + 1;\n");
  for (const feature of [...WEB_FEATURES, ...SERVER_FEATURES]) {
    plant(`${feature}/own.ts`, 'export const own = 1;\n');
  }
  for (const family of FAMILIES)
    plant(`${family}/${path.basename(family)}-family.ts`, 'export const own = 1;\n');
  // The probes are in ESLint's ignores (and .gitignore), so a lint of the tree never sees them; here they are
  // the subject.
  eslint = new ESLint({ cwd: ROOT, ignore: false });
});

afterAll(() => {
  for (const folder of planted) rmSync(folder, { recursive: true, force: true });
});

describe('the lint configuration', { timeout: 60_000 }, () => {
  it('refuses an import cycle, and a cycle of type-only imports', async () => {
    const cycle = await lint(`${SHARED}/first.ts`);
    expect(rules(cycle)).toContain('kippu/no-cycle');
    expect(cycle.find((message) => message.ruleId === 'kippu/no-cycle').message).toContain(
      `${PROBE}/second.ts`,
    );
    expect(rules(await lint(`${SHARED}/type-a.ts`))).toContain('kippu/no-cycle');
    // an import that does not lead back passes
    expect(await lint(`${SHARED}/above-leaf.ts`)).toEqual([]);
  });

  it('refuses an import between two web features, and between two server features', async () => {
    for (const [from, to] of [WEB_FEATURES, SERVER_FEATURES]) {
      const text = `import { own } from '../${path.basename(to)}/own.ts';\nexport const x = own;\n`;
      expect(rules(await lint(`${from}/crossing.ts`, text))).toEqual(['import/no-restricted-paths']);
      // inside one feature it passes
      expect(
        await lint(`${from}/inside.ts`, "import { own } from './own.ts';\nexport const x = own;\n"),
      ).toEqual([]);
    }
  });

  it("keeps the server's layers: domain below features, payments and plugins; jobs below the domain; families apart", async () => {
    const server = 'apps/server/src';
    const importing = (from, target) =>
      `import '${path.relative(path.dirname(path.join(ROOT, from)), path.join(ROOT, server, target))}';\n`;
    const refused = [
      [`domain/sites/${PROBE}.ts`, 'features/index.ts'],
      [`domain/sites/${PROBE}.ts`, 'payments/families.ts'],
      [`domain/sites/${PROBE}.ts`, 'plugins/register-endpoint.ts'],
      [`features/${path.basename(SERVER_FEATURES[0])}/${PROBE}.ts`, 'payments/families.ts'],
      [`jobs/${PROBE}.ts`, 'domain/links.ts'],
      [
        `${FAMILIES[0].slice(server.length + 1)}/${PROBE}.ts`,
        `${FAMILIES[1].slice(server.length + 1)}/${path.basename(FAMILIES[1])}-family.ts`,
      ],
    ];
    for (const [from, target] of refused) {
      expect([
        from,
        target,
        rules(await lint(`${server}/${from}`, importing(`${server}/${from}`, target))),
      ]).toEqual([from, target, ['import/no-restricted-paths']]);
    }
    const allowed = [
      [`features/${path.basename(SERVER_FEATURES[0])}/${PROBE}.ts`, 'domain/links.ts'],
      [`jobs/${PROBE}.ts`, 'db/client.ts'],
      [`${FAMILIES[0].slice(server.length + 1)}/${PROBE}.ts`, 'payments/gateway-family.ts'],
    ];
    for (const [from, target] of allowed) {
      expect([from, target, await lint(`${server}/${from}`, importing(`${server}/${from}`, target))]).toEqual(
        [from, target, []],
      );
    }
  });

  it('refuses a domain import up a floor of domain/floors.json, and lets one down through', async () => {
    const { floors } = JSON.parse(readFileSync(path.join(ROOT, DOMAIN, 'floors.json'), 'utf8'));
    const entries = domainEntries(ROOT);
    const folders = floors.map((floor) =>
      floor.filter((name) => entries.has(name) && !/\.[jt]sx?$/.test(entries.get(name))),
    );
    const lowLevel = folders.findIndex((floor) => floor.length > 0);
    const highLevel = folders.findLastIndex((floor) => floor.length > 0);
    expect(highLevel).toBeGreaterThan(lowLevel);
    const [low, high] = [folders[lowLevel][0], folders[highLevel][0]];
    const importOf = (from, entry) =>
      `import '${path.relative(path.join(ROOT, DOMAIN, from), path.join(ROOT, codeFileOf(entries.get(entry))))}';\n`;

    const upward = await lint(`${DOMAIN}/${low}/${PROBE}.ts`, importOf(low, high));
    expect(rules(upward)).toEqual(['import/no-restricted-paths']);
    expect(upward[0].message).toContain(`domain/${low} is on floor ${lowLevel}`);
    expect(await lint(`${DOMAIN}/${high}/${PROBE}.ts`, importOf(high, low))).toEqual([]);
    // one floor's folders do not import each other either
    const crowded = folders.find((floor) => floor.length > 1);
    if (crowded)
      expect(
        rules(await lint(`${DOMAIN}/${crowded[0]}/${PROBE}.ts`, importOf(crowded[0], crowded[1]))),
      ).toEqual(['import/no-restricted-paths']);
  });

  it('refuses a web feature importing app/, and lets it import shared/', async () => {
    const feature = readdirSync(path.join(ROOT, 'apps/web/src/features'), { withFileTypes: true }).find(
      (entry) => entry.isDirectory() && !entry.name.startsWith('zz-'),
    ).name;
    const text = "import { pageTitle } from '../../app/page-title.ts';\nexport const x = pageTitle;\n";
    expect(rules(await lint(`apps/web/src/features/${feature}/${PROBE}.ts`, text))).toEqual([
      'import/no-restricted-paths',
    ]);
    const shared = "import { paths } from '../../shared/routing/paths.ts';\nexport const x = paths;\n";
    expect(await lint(`apps/web/src/features/${feature}/${PROBE}.ts`, shared)).toEqual([]);
  });

  it('refuses a domain folder that stands on no floor, and every name on a floor exists', async () => {
    const messages = await lint(`${DOMAIN}/${PROBE}/probe.ts`, 'export const probe = 1;\n');
    expect(rules(messages)).toEqual(['kippu/domain-floor']);
    expect(messages[0].message).toContain(`domain/${PROBE} is on no floor`);
    const entries = domainEntries(ROOT);
    const { floors } = JSON.parse(readFileSync(path.join(ROOT, DOMAIN, 'floors.json'), 'utf8'));
    expect(floors.flat().filter((name) => !entries.has(name))).toEqual([]);
    expect([...entries.keys()].filter((name) => !floors.flat().includes(name))).toEqual([]);
  });
});
