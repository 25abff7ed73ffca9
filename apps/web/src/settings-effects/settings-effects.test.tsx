import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConfigurationResponse } from '@kippu/contract/site-settings';
import { AWAITING_READER } from './awaiting-reader.ts';
import { freshPage } from './render-screen.tsx';
import { baseConfiguration, SETTING_ENTRIES } from './setting-entries.ts';
import { MODE_VALUES, SETTING_PATHS } from './setting-leaves.ts';
import { NOT_YET_LOOKED, STORED_ENTRIES } from './stored-entries.tsx';
import { STORAGE_FILES, storedKeys } from './stored-keys.ts';

/** The web app's sources as text, by path under apps/web/src (to check readers and find storage writers). */
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../console/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.replace(/^\.\.\//, '').replace(/^\.\//, 'settings-effects/'), text]),
);

/** What a reader's text must contain: the last key of a path; for `mode=demo`, the value. */
const lastKey = (key: string) => key.split(/[.=]/).at(-1)!;
/**
 * The settings only the server reads: their entries are the server's twin of this registry, which checks it has
 * one for each name in this file (ADR 115). Read as data: the web app imports no other app (ADR 062).
 */
const SERVER_READ = (
  JSON.parse(
    // Vitest runs from the repository's root (vitest.config.ts); jsdom's import.meta.url is not a file URL.
    readFileSync(path.join(process.cwd(), 'apps/server/test/settings-effects/server-read.json'), 'utf8'),
  ) as { settings: string[] }
).settings;
const awaiting = new Set(AWAITING_READER.map((entry) => entry.key));
const notYet = new Set(NOT_YET_LOOKED.map((entry) => entry.key));

describe('every per-site setting and stored value does something (issue 32, acceptance 1; ADR 115)', () => {
  afterAll(async () => {
    await freshPage();
    // Printed on every run: what is still not proved to do anything, and who is on it.
    console.info(
      [
        `registry: ${SETTING_ENTRIES.length} web settings, ${SERVER_READ.length} server-read settings, ${STORED_ENTRIES.length} stored values proved`,
        'AWAITING_READER:',
        ...AWAITING_READER.map((entry) => `  ${entry.key} — ${entry.owner} (${entry.note})`),
        'NOT_YET_LOOKED (reader exists, entry to write):',
        ...NOT_YET_LOOKED.map((entry) => `  ${entry.key} — ${entry.reader}`),
      ].join('\n'),
    );
  });

  it('has an entry (or an awaited reader) for every setting of the schema and every stored value', () => {
    const covered = new Set([
      ...SETTING_ENTRIES.map((entry) => entry.path),
      ...SERVER_READ,
      ...STORED_ENTRIES.map((entry) => entry.key),
      ...awaiting,
      ...notYet,
    ]);
    const missing = [...SETTING_PATHS, ...MODE_VALUES, ...storedKeys()].filter((key) => !covered.has(key));
    expect(missing, 'settings or stored values with no entry: add one (ADR 115)').toEqual([]);
    // One place per key: an entry that proves it supersedes an awaited reader.
    const claimed = [
      ...SETTING_ENTRIES.map((entry) => entry.path),
      ...SERVER_READ,
      ...STORED_ENTRIES.map((entry) => entry.key),
      ...awaiting,
      ...notYet,
    ];
    expect(claimed.filter((key, index) => claimed.indexOf(key) !== index)).toEqual([]);
  });

  it('knows every file that writes the browser storage', () => {
    const writers = Object.entries(SOURCES)
      .filter(([, text]) => /\bsiteKey\(|\bsiteJsonStorage\(/.test(text))
      .map(([path]) => path)
      .filter((path) => !path.startsWith('settings-effects/'));
    expect(writers.filter((path) => !(path in STORAGE_FILES)).sort()).toEqual([]);
  });

  it('names readers that exist and read the value', () => {
    for (const entry of [
      ...SETTING_ENTRIES.map((e) => ({ key: e.path, readers: e.readers })),
      ...STORED_ENTRIES,
    ]) {
      expect(entry.readers.length, entry.key).toBeGreaterThan(0);
      for (const reader of entry.readers) {
        expect(SOURCES[reader], `${entry.key}: ${reader}`).toBeDefined();
        expect(SOURCES[reader], `${entry.key}: ${reader}`).toContain(lastKey(entry.key));
      }
    }
  });

  it.each(SETTING_ENTRIES.map((entry) => [entry.path, entry] as const))(
    'setting %s changes what the visitor sees',
    async (_path, entry) => {
      const base = baseConfiguration();
      const flipped: ConfigurationResponse = entry.flip(structuredClone(base));
      expect(flipped, 'the flip must change the setting').not.toEqual(base);
      await freshPage();
      const before = await entry.look(base);
      await freshPage();
      const after = await entry.look(flipped);
      expect(after).not.toBe(before);
    },
  );

  it.each(STORED_ENTRIES.map((entry) => [entry.key, entry] as const))(
    'stored %s changes what the visitor sees after a load',
    async (_key, entry) => {
      await freshPage();
      entry.given?.();
      const before = await entry.look();
      await freshPage();
      entry.given?.();
      entry.store();
      const after = await entry.look();
      expect(after).not.toBe(before);
    },
  );
});
