import { DEFAULT_SITE, TICKETS_SLUG, type SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';

/** How long a process trusts its list of sites: a venue added to `sites` is served within this time. */
export const SITE_LIST_TTL_MS = 10_000;

/**
 * Which site a URL's first path segment names (spec §1), from the `sites` table (ADR 014): adding a venue is
 * a row, not a release. `tickets`, an unknown slug and no slug mean the default site. The slug list is read
 * at most once per TTL per process, whatever the traffic or the slugs asked for.
 */
export function createSiteDirectory(db: Db, ttlMs = SITE_LIST_TTL_MS) {
  let cached: { until: number; bySlug: Promise<Map<string, SiteCode>> } | undefined;

  const load = async () => {
    const { rows } = await db.$client.query<{ slug: string; code: SiteCode }>('SELECT slug, code FROM sites');
    return new Map(rows.map((row) => [row.slug, row.code]));
  };

  return {
    async siteOfSlug(slug: string | undefined): Promise<SiteCode> {
      if (!slug || slug === TICKETS_SLUG) return DEFAULT_SITE;
      const now = Date.now();
      if (!cached || cached.until <= now) {
        const bySlug = load();
        cached = { until: now + ttlMs, bySlug };
        // A failed read is not kept: the next request tries again.
        bySlug.catch(() => {
          if (cached?.bySlug === bySlug) cached = undefined;
        });
      }
      return (await cached.bySlug).get(slug.toLowerCase()) ?? DEFAULT_SITE;
    },
  };
}
export type SiteDirectory = ReturnType<typeof createSiteDirectory>;
