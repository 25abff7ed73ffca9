import { LANG_CODES, type LangCode } from '@kippu/contract/enums';

/**
 * Every locale file of packages/contract/texts/<group>/<lang>.json, by group and language. A feature
 * adds its own group folder; the server seeds every group the same way (seed/texts.ts).
 */
const files = import.meta.glob<Record<string, string>>('../../../../packages/contract/texts/*/*.json', {
  eager: true,
  import: 'default',
});

export const TEXT_GROUPS: Record<string, Record<LangCode, Record<string, string>>> = {};
for (const [path, texts] of Object.entries(files)) {
  const [group, file] = path.split('/').slice(-2) as [string, string];
  const lang = file.replace(/\.json$/, '') as LangCode;
  if (!LANG_CODES.includes(lang)) continue;
  (TEXT_GROUPS[group] ??= {} as Record<LangCode, Record<string, string>>)[lang] = texts;
}

export const UI_TEXTS = TEXT_GROUPS.ui!;
export const ERROR_TEXTS = TEXT_GROUPS.errors!;

/** All texts of one language, as the server serves them at GET /texts. */
export function localeTexts(lang: LangCode): Record<string, string> {
  return Object.assign({}, ...Object.values(TEXT_GROUPS).map((group) => group[lang] ?? {}));
}
