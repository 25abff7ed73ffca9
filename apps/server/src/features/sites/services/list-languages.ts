import type { Language, SiteCode } from '@kippu/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { languages } from '../../../db/schema.ts';

/** The site's languages in picker order. */
export async function listLanguages(db: Db, site: SiteCode): Promise<Language[]> {
  const rows = await db
    .select()
    .from(languages)
    .where(eq(languages.siteCode, site))
    .orderBy(asc(languages.displayPosition), asc(languages.id));
  return rows.map((row) => ({
    id: row.id,
    code: row.code as Language['code'],
    display_name: row.displayName,
    display_position: row.displayPosition,
    is_default: row.isDefault,
  }));
}
