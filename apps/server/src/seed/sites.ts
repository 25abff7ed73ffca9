import { siteSlug } from '@kippu/contract';
import type { Db } from '../db/client.ts';
import { sites } from '../db/schema.ts';
import { SITE_DEFINITIONS } from './data/site-definitions.ts';
import { buildSiteSettings } from './site-settings.ts';

/**
 * The 14 sites the spec names, in DEMO_SITE_CODES order, with their starting settings and server-only
 * columns. Inserted when absent, never updated: from the first start on, a site's settings are the
 * operator's (ADR 013). A code or slug already taken by another row is left alone.
 */
export async function seedSites(db: Db): Promise<void> {
  const rows = SITE_DEFINITIONS.map((def, position) => ({
    code: def.code,
    slug: siteSlug(def.code),
    position,
    settings: buildSiteSettings(def),
    holdMinutes: def.holdMinutes ?? null,
    fewStockThreshold: def.fewStockThreshold,
    calendarColorized: def.colorizedCalendar,
    mode: def.mode ?? null,
  }));
  await db.insert(sites).values(rows).onConflictDoNothing();
}

/**
 * Codes of the sites in the database. Steps that add rows per reference site skip a site that is not
 * there (an operator deleted it, or another site took its slug) instead of failing the start.
 */
export async function siteCodesPresent(db: Db): Promise<Set<string>> {
  const rows = await db.select({ code: sites.code }).from(sites);
  return new Set(rows.map((row) => row.code));
}
