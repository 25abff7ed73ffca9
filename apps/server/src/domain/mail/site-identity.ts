import { sql } from 'drizzle-orm';
import type { LangCode, LocalizedText } from '@kippu/contract';
import type { Tx } from '../../db/client.ts';

/** What a mail says about its site: the name in the reader's language, and the slug its links go to. */
export interface SiteIdentity {
  slug: string;
  name: string;
}

/** The site's slug (data, ADR 014) and its name in `lang` (Japanese when that language has none). */
export async function siteIdentity(
  executor: Pick<Tx, 'execute'>,
  siteCode: string,
  lang: LangCode,
): Promise<SiteIdentity> {
  const { rows } = await executor.execute<{ slug: string; names: LocalizedText }>(
    sql`SELECT slug, settings->'name' AS names FROM sites WHERE code = ${siteCode}`,
  );
  const row = rows[0];
  if (!row) throw new Error(`site ${siteCode} is not in the sites table`);
  return { slug: row.slug, name: row.names[lang] || row.names.ja || siteCode };
}
