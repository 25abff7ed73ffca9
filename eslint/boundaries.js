// The import boundaries, generated from the folders as they are (ADR 062): a new feature, gateway family or
// domain folder is bounded from its first file, and no list in this config can fall behind the tree.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { floorZones } from './domain-floors.js';

const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';

/** The folders directly under `dir` (none if it does not exist yet). */
export function foldersOf(root, dir) {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Everything directly under `dir`, folders and files, as ./paths: what a layer may be told not to import. */
function entriesOf(root, dir) {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).map((entry) => `./${dir}/${entry.name}`);
}

/** Siblings never import each other: features of one app, gateway families (style guide, bulletproof-react). */
function siblingZones(root, dir, what) {
  return foldersOf(root, dir).map((name) => ({
    target: `./${dir}/${name}`,
    from: `./${dir}`,
    except: [`./${name}`],
    message: `${what} never imports another; the layer above composes them (ADR 062).`,
  }));
}

/** Only when the folder exists: no-restricted-paths takes any path, but a zone for nothing reads as a rule that holds. */
const present = (root, ...dirs) => dirs.filter((dir) => existsSync(path.join(root, dir))).map((dir) => `./${dir}`);

export function boundaryZones(root) {
  const jobsMayImport = new Set(['jobs', 'db', 'config', 'shared'].map((name) => `./${SERVER}/${name}`));
  const zones = [
    ...siblingZones(root, `${WEB}/features`, 'A web feature'),
    ...siblingZones(root, `${SERVER}/features`, 'A server feature'),
    ...siblingZones(root, `${SERVER}/payments`, 'A gateway family (payments/<family>/)'),
    {
      target: `./${WEB}/features`,
      from: `./${WEB}/app`,
      message: 'A web feature never imports app/ (the router and start-up compose the features); shared code lives in shared/ (ADR 062).',
    },
    {
      target: `./${WEB}/shared`,
      from: [`./${WEB}/features`, `./${WEB}/app`],
      message: 'Shared code never reaches into features or the app layer.',
    },
    {
      target: `./${SERVER}/shared`,
      from: present(root, `${SERVER}/features`, `${SERVER}/domain`, `${SERVER}/payments`),
      message: 'Shared code never reaches into features, payments or the domain.',
    },
    {
      // the domain holds the rules; routes and gateway families import it, never the other way (ADR 011, 062)
      target: `./${SERVER}/domain`,
      from: present(root, `${SERVER}/features`, `${SERVER}/plugins`, `${SERVER}/payments`),
      message: 'The domain never imports features/, plugins/ or payments/ (ADR 011, 062).',
    },
    ...(existsSync(path.join(root, SERVER, 'payments'))
      ? [
          {
            target: `./${SERVER}/features`,
            from: `./${SERVER}/payments`,
            message: 'Features never import payments/: app.ts composes the gateway families (ADR 059, 062).',
          },
        ]
      : []),
    ...(existsSync(path.join(root, SERVER, 'jobs'))
      ? [
          {
            target: `./${SERVER}/jobs`,
            from: entriesOf(root, SERVER).filter((entry) => !jobsMayImport.has(entry)),
            message: 'jobs/ imports nothing above db/, config/ and shared/ (ADR 057, 062).',
          },
        ]
      : []),
    // the contract is the bottom layer
    { target: './packages/contract', from: ['./apps'], message: 'The contract imports no app.' },
    ...floorZones(root),
  ];
  return zones.filter((zone) => [zone.from].flat().length > 0);
}
