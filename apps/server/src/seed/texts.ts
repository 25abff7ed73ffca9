import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { LANG_CODES, type LangCode } from '@kippu/contract';
import type { Db } from '../db/client.ts';

/** packages/contract/texts/<group>/<lang>.json: flat { key: text } objects written per feature. */
export const LOCALE_DIR = fileURLToPath(new URL('../../../../packages/contract/texts/', import.meta.url));

export interface LocaleFile {
  group: string;
  lang: LangCode;
  texts: Record<string, string>;
}

/** Every locale file, read and checked: a value that is not a string fails loudly at start. */
export async function readLocaleFiles(dir = LOCALE_DIR): Promise<LocaleFile[]> {
  if (!existsSync(dir)) return [];
  const files: LocaleFile[] = [];
  const groups = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  for (const group of groups.map((entry) => entry.name).sort()) {
    for (const lang of LANG_CODES) {
      const path = `${dir}${group}/${lang}.json`;
      if (!existsSync(path)) continue;
      const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw new Error(`${path}: expected a flat object of key -> text`);
      }
      for (const [key, text] of Object.entries(parsed)) {
        if (typeof text !== 'string') throw new Error(`${path}: the value of "${key}" is not a string`);
      }
      files.push({ group, lang, texts: parsed as Record<string, string> });
    }
  }
  return files;
}

const UPSERT_TEXTS = `
INSERT INTO texts (scope, lang, key, text)
SELECT '*', l, k, t FROM unnest($1::text[], $2::text[], $3::text[]) AS x(l, k, t)
ON CONFLICT (scope, lang, key) DO UPDATE SET text = excluded.text WHERE texts.text IS DISTINCT FROM excluded.text`;

// Shared texts belong to the files: a key removed from them leaves the database too.
const DELETE_STALE = `
DELETE FROM texts
WHERE scope = '*' AND (lang, key) NOT IN (SELECT l, k FROM unnest($1::text[], $2::text[]) AS x(l, k))`;

/** Loads the locale files as shared texts (scope '*'); edited files take effect on the next start. */
export async function seedTexts(db: Db, dir = LOCALE_DIR): Promise<void> {
  const files = await readLocaleFiles(dir);
  if (files.length === 0) return;
  const byLangKey = new Map<string, [string, string, string]>();
  for (const { lang, texts } of files) {
    for (const [key, text] of Object.entries(texts)) byLangKey.set(`${lang}\u0000${key}`, [lang, key, text]);
  }
  const rows = [...byLangKey.values()];
  const langs = rows.map((row) => row[0]);
  const keys = rows.map((row) => row[1]);
  await db.$client.query(UPSERT_TEXTS, [langs, keys, rows.map((row) => row[2])]);
  await db.$client.query(DELETE_STALE, [langs, keys]);
}
