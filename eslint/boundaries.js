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

/**
 * Gateway families never import each other. A family is a folder of payments/ that declares one, by its
 * `<folder>-family.ts` (ADR 059: the object families.ts registers); payments/'s own files and other folders
 * (returns/, the flows that settle an order from any gateway) are what the families share.
 */
function familyZones(root) {
  const dir = `${SERVER}/payments`;
  const families = foldersOf(root, dir).filter((name) =>
    existsSync(path.join(root, dir, name, `${name}-family.ts`)),
  );
  return families.map((family) => ({
    target: `./${dir}/${family}`,
    from: families.filter((other) => other !== family).map((other) => `./${dir}/${other}`),
    message: 'A gateway family never imports another; payments/families.ts composes them (ADR 059, 062).',
  }));
}

/** Only when the folder exists: no-restricted-paths takes any path, but a zone for nothing reads as a rule that holds. */
const present = (root, ...dirs) =>
  dirs.filter((dir) => existsSync(path.join(root, dir))).map((dir) => `./${dir}`);

/** The server starts the gateway simulator in development and tests (ADR 060); no other app imports another. */
const APP_MAY_IMPORT = { server: ['gateway-simulator'] };

/** Each app under apps/ apart: the web and the simulator speak to the server over HTTP, through the contract. */
function appZones(root) {
  const apps = foldersOf(root, 'apps');
  return apps.map((app) => ({
    target: `./apps/${app}`,
    from: apps
      .filter((other) => other !== app && !(APP_MAY_IMPORT[app] ?? []).includes(other))
      .map((other) => `./apps/${other}`),
    message: `apps/${app} imports no other app (the contract is what they share; ADR 060, 062).`,
  }));
}

/**
 * The console's own layers (ADR 067): its features never import its app/, its shared/ neither; and the two
 * SPAs keep apart: the visitor app never imports the console, the console never the visitor's app/ or features/.
 */
function consoleZones(root) {
  const CONSOLE = `${WEB}/console`;
  if (!existsSync(path.join(root, CONSOLE))) return [];
  return [
    {
      target: `./${CONSOLE}/features`,
      from: present(root, `${CONSOLE}/app`),
      message: 'A console feature never imports the console app/ (it composes the features; ADR 067).',
    },
    {
      target: `./${CONSOLE}/shared`,
      from: present(root, `${CONSOLE}/features`, `${CONSOLE}/app`),
      message: "The console's shared code never reaches into its features or app layer (ADR 067).",
    },
    {
      target: present(root, `${WEB}/app`, `${WEB}/features`, `${WEB}/shared`),
      from: `./${CONSOLE}`,
      message: 'The visitor app never imports the console: they are two pages (ADR 067).',
    },
    {
      target: `./${CONSOLE}`,
      from: present(root, `${WEB}/app`, `${WEB}/features`),
      message: "The console never imports the visitor app's screens or start-up (ADR 067).",
    },
  ];
}

export function boundaryZones(root) {
  const jobsMayImport = new Set(['jobs', 'db', 'config', 'shared'].map((name) => `./${SERVER}/${name}`));
  const zones = [
    ...siblingZones(root, `${WEB}/features`, 'A web feature'),
    ...siblingZones(root, `${SERVER}/features`, 'A server feature'),
    // The console (issue 27, ADR 067) is a second SPA inside apps/web with the same layering of its own.
    ...siblingZones(root, `${WEB}/console/features`, 'A console feature'),
    ...consoleZones(root),
    ...familyZones(root),
    {
      target: `./${WEB}/features`,
      from: `./${WEB}/app`,
      message:
        'A web feature never imports app/ (the router and start-up compose the features); shared code lives in shared/ (ADR 062).',
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
    ...appZones(root),
    // the contract is the bottom layer
    { target: './packages/contract', from: ['./apps'], message: 'The contract imports no app.' },
    ...floorZones(root),
  ];
  return zones.filter((zone) => [zone.from].flat().length > 0);
}
