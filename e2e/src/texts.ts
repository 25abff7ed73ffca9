import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LangCode } from '@kippu/contract';
import { REPO_ROOT } from './repo-root.ts';

const TEXTS_DIR = join(REPO_ROOT, 'packages/contract/texts');
const cache = new Map<LangCode, Record<string, string>>();

/** Every UI text of one language, from the same locale files the server seeds (all groups). */
function textsOf(lang: LangCode): Record<string, string> {
  let texts = cache.get(lang);
  if (!texts) {
    texts = {};
    for (const group of readdirSync(TEXTS_DIR)) {
      Object.assign(texts, JSON.parse(readFileSync(join(TEXTS_DIR, group, `${lang}.json`), 'utf8')));
    }
    cache.set(lang, texts);
  }
  return texts;
}

/**
 * A screen's text as the visitor reads it in `lang`, with `{name}` placeholders filled: journeys find
 * buttons and headings by what a visitor sees, in every language, without hard-coding any of them.
 */
export function text(lang: LangCode, key: string, values: Record<string, string | number> = {}): string {
  const template = textsOf(lang)[key];
  if (template === undefined) throw new Error(`No text "${key}" in ${lang}`);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/** The text with each `{placeholder}` standing for any words: for names built around a value. */
export function pattern(lang: LangCode, key: string): RegExp {
  const escaped = text(lang, key).replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{\w+\}/g, '.+')}$`);
}
