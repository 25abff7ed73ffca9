import type { LangCode, SiteCode, TextsResponse } from '@kippu/contract';
import type { Db } from '../../../db/client.ts';

// Shared texts (scope '*') merged with the site's overrides: for a key present in both, the site wins
// because `scope = '*'` sorts false (the override) first within DISTINCT ON.
const MERGED_TEXTS = `
SELECT DISTINCT ON (key) key, text
FROM texts
WHERE lang = $1 AND scope IN ('*', $2)
ORDER BY key, scope = '*'`;

export async function listTexts(db: Db, site: SiteCode, lang: LangCode): Promise<TextsResponse> {
  const result = await db.$client.query<{ key: string; text: string }>(MERGED_TEXTS, [lang, site]);
  return result.rows;
}
