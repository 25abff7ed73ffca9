import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LANG_CODES, textsResponseSchema, type LangCode } from '@kippu/contract';
import { setupTestApp } from '../../../test/helper.ts';
import { readLocaleFiles, seedTexts } from '../../seed/texts.ts';

const localeFiles = await readLocaleFiles();
const groups = [...new Set(localeFiles.map((file) => file.group))];

describe('locale files (packages/contract/texts)', () => {
  it('exist for the ui, errors and validation groups', () => {
    expect(groups).toEqual(expect.arrayContaining(['errors', 'ui', 'validation']));
  });

  it.each(groups)('group %s has a file for each of the six languages with the same keys', (group) => {
    const files = localeFiles.filter((file) => file.group === group);
    expect(files.map((file) => file.lang).sort()).toEqual([...LANG_CODES].sort());
    const union = new Set(files.flatMap((file) => Object.keys(file.texts)));
    for (const file of files) {
      const missing = [...union].filter((key) => !(key in file.texts));
      expect(missing, `${group}/${file.lang}.json lacks`).toEqual([]);
      const empty = Object.entries(file.texts).filter(([, text]) => text.trim() === '');
      expect(empty, `${group}/${file.lang}.json has empty texts`).toEqual([]);
    }
  });
  it('never defines one key in two groups (the later group would silently win)', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const file of localeFiles.filter((f) => f.lang === 'ja')) {
      for (const key of Object.keys(file.texts)) {
        const first = owner.get(key);
        if (first && first !== file.group) clashes.push(`${key} (${first}, ${file.group})`);
        owner.set(key, first ?? file.group);
      }
    }
    expect(clashes).toEqual([]);
  });
});

describe('GET /texts', () => {
  const ctx = setupTestApp();
  const textsOf = async (slug: string, lang: LangCode) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/${slug}/api/v1/texts?lang=${lang}` });
    expect(res.statusCode).toBe(200);
    return new Map(textsResponseSchema.parse(res.json()).map(({ key, text }) => [key, text]));
  };

  it('serves every key of the locale files in all six languages', async () => {
    const byLang = new Map<LangCode, Map<string, string>>();
    for (const lang of LANG_CODES) byLang.set(lang, await textsOf('borderless', lang));
    const union = new Set([...byLang.values()].flatMap((texts) => [...texts.keys()]));
    const fileKeys = new Set(localeFiles.flatMap((file) => Object.keys(file.texts)));
    expect(union).toEqual(fileKeys);
    for (const [lang, texts] of byLang) expect(new Set(texts.keys()), lang).toEqual(union);
    const jaFile = localeFiles.find((file) => file.lang === 'ja');
    if (jaFile) {
      const [key, text] = Object.entries(jaFile.texts)[0]!;
      expect(byLang.get('ja')!.get(key)).toBe(text);
    }
  });

  it("merges a site's own texts over the shared ones, for that site only", async () => {
    const [key] = [...(await textsOf('nagai', 'en')).keys()];
    expect(key).toBeDefined();
    await ctx.db.$client.query(
      "INSERT INTO texts (scope, lang, key, text) VALUES ('NAGAI', 'en', $1, 'Garden wording'), ('NAGAI', 'en', 'nagai_only_key', 'Only here')",
      [key],
    );
    const nagai = await textsOf('nagai', 'en');
    expect(nagai.get(key!)).toBe('Garden wording');
    expect(nagai.get('nagai_only_key')).toBe('Only here');
    const other = await textsOf('demo', 'en');
    expect(other.get(key!)).not.toBe('Garden wording');
    expect(other.has('nagai_only_key')).toBe(false);
  });

  describe('seeding from the locale files', () => {
    const dirs: string[] = [];
    afterAll(async () => {
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    });
    const writeLocales = async (dir: string, texts: Record<string, string>) => {
      await mkdir(join(dir, 'demo-group'), { recursive: true });
      for (const lang of LANG_CODES) {
        const localized = Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, `${v} [${lang}]`]));
        await writeFile(join(dir, 'demo-group', `${lang}.json`), JSON.stringify(localized));
      }
    };

    it('updates edited texts and drops removed keys on the next run', async () => {
      const dir = `${await mkdtemp(join(tmpdir(), 'kippu-locales-'))}/`;
      dirs.push(dir);
      await writeLocales(dir, { greeting: 'Hello', farewell: 'Bye' });
      await seedTexts(ctx.db, dir);
      expect((await textsOf('demo', 'kr')).get('greeting')).toBe('Hello [kr]');

      await writeLocales(dir, { greeting: 'Welcome' });
      await seedTexts(ctx.db, dir);
      const texts = await textsOf('demo', 'kr');
      expect(texts.get('greeting')).toBe('Welcome [kr]');
      expect(texts.has('farewell')).toBe(false);
    });

    it('refuses a locale file whose values are not strings', async () => {
      const dir = `${await mkdtemp(join(tmpdir(), 'kippu-locales-'))}/`;
      dirs.push(dir);
      await mkdir(join(dir, 'broken'));
      await writeFile(join(dir, 'broken', 'ja.json'), JSON.stringify({ nested: { no: 'thanks' } }));
      await expect(seedTexts(ctx.db, dir)).rejects.toThrow(/"nested" is not a string/);
    });
  });
});
