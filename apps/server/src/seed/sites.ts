import { siteSlug } from '@kippu/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sites } from '../db/schema.ts';
import { SITE_DEFINITIONS } from './data/site-definitions.ts';
import { buildSiteSettings } from './site-settings.ts';

/** All 14 sites in SITE_CODES order. The seed owns the demo settings, so a restart applies edits to it. */
export async function seedSites(db: Db): Promise<void> {
  const rows = SITE_DEFINITIONS.map((def, position) => ({
    code: def.code,
    slug: siteSlug(def.code),
    position,
    settings: buildSiteSettings(def),
  }));
  await db
    .insert(sites)
    .values(rows)
    .onConflictDoUpdate({
      target: sites.code,
      set: { slug: sql`excluded.slug`, position: sql`excluded.position`, settings: sql`excluded.settings` },
    });
}
