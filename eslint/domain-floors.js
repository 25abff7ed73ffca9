// The floors of apps/server/src/domain (ADR 061, 062): floors.json lists them bottom first, and a folder
// imports only folders of lower floors. The list is read at lint time, so it cannot drift from the folders:
// a folder on no floor is an error in each of its files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const DOMAIN = 'apps/server/src/domain';
const CODE_FILE = /\.(?:[cm]?[jt]sx?)$/;

let cached = { key: null, value: null };

/** floors.json as { floors } or { problem }: what is wrong with it, said once per domain file. */
export function readFloors(root) {
  const file = path.join(root, DOMAIN, 'floors.json');
  let key;
  try {
    key = `${file}:${statSync(file).mtimeMs}`;
  } catch {
    return { problem: `${DOMAIN}/floors.json is missing: list the domain's folders on floors, bottom first` };
  }
  if (cached.key === key) return cached.value;
  let value;
  try {
    const { floors } = JSON.parse(readFileSync(file, 'utf8'));
    const valid =
      Array.isArray(floors) &&
      floors.every((floor) => Array.isArray(floor) && floor.every((name) => typeof name === 'string'));
    const names = valid ? floors.flat() : [];
    value = !valid
      ? { problem: `${DOMAIN}/floors.json is not { "floors": [["name", …], …] }` }
      : new Set(names).size !== names.length
        ? { problem: `${DOMAIN}/floors.json names a folder on two floors` }
        : { floors };
  } catch (error) {
    value = { problem: `${DOMAIN}/floors.json does not parse: ${error.message}` };
  }
  cached = { key, value };
  return value;
}

/** The domain's entries as floors.json names them: a folder by its name, a file (links.ts) by its stem. */
export function domainEntries(root) {
  const entries = new Map();
  for (const entry of readdirSync(path.join(root, DOMAIN), { withFileTypes: true })) {
    if (entry.isDirectory()) entries.set(entry.name, `${DOMAIN}/${entry.name}`);
    else if (CODE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      const stem = entry.name.replace(CODE_FILE, '').replace(/\.test$/, '');
      if (!entries.has(stem)) entries.set(stem, `${DOMAIN}/${stem}${path.extname(entry.name)}`);
    }
  }
  return entries;
}

/** The name floors.json gives the domain entry a file belongs to, or null outside the domain. */
export function entryOf(root, file) {
  const relative = path.relative(path.join(root, DOMAIN), file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : first.replace(CODE_FILE, '').replace(/\.test$/, '');
}

/**
 * no-restricted-paths zones: each entry may not import an entry of its own floor or any floor above.
 * Names on no floor get no zone; kippu/domain-floor reports their files instead.
 */
export function floorZones(root) {
  const { floors } = readFloors(root);
  if (!floors) return [];
  const entries = domainEntries(root);
  const zones = [];
  floors.forEach((floor, level) => {
    const notBelow = floors
      .slice(level)
      .flat()
      .filter((name) => entries.has(name));
    for (const name of floor) {
      if (!entries.has(name)) continue;
      const from = notBelow.filter((other) => other !== name).map((other) => `./${entries.get(other)}`);
      if (from.length === 0) continue;
      zones.push({
        target: `./${entries.get(name)}`,
        from,
        message: `domain/${name} is on floor ${level} of domain/floors.json: it imports only lower floors (ADR 061, 062).`,
      });
    }
  });
  return zones;
}

/** kippu/domain-floor: every file of the domain belongs to an entry on a floor. */
export const domainFloorRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Every folder of the server domain stands on a floor of domain/floors.json.' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      noFloor:
        'domain/{{name}} is on no floor of domain/floors.json: add it to the floor above everything it imports (ADR 062).',
      badList: '{{problem}} (ADR 062).',
    },
  },
  create(context) {
    const { root } = context.options[0];
    const name = entryOf(root, context.physicalFilename);
    if (name === null) return {};
    return {
      Program(program) {
        const { floors, problem } = readFloors(root);
        if (problem) context.report({ node: program, messageId: 'badList', data: { problem } });
        else if (!floors.flat().includes(name))
          context.report({ node: program, messageId: 'noFloor', data: { name } });
      },
    };
  },
};
