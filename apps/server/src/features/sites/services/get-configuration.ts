import type { ConfigurationResponse, SiteCode } from '@kippu/contract';
import { eq } from 'drizzle-orm';
import type { Env } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import { sites } from '../../../db/schema.ts';
import { AppError } from '../../../shared/app-error.ts';

/** The demo site runs in demo mode (spec §1 names the modes); the others in none. */
function modeOf(site: SiteCode): ConfigurationResponse['mode'] {
  return site === 'DEMO' ? 'demo' : null;
}

export async function getConfiguration(db: Db, env: Env, site: SiteCode): Promise<ConfigurationResponse> {
  const [row] = await db.select({ settings: sites.settings }).from(sites).where(eq(sites.code, site));
  if (!row) throw new AppError('record_not_found', `site ${site} is not configured`);
  return { siteCode: site, environment: env.KIPPU_ENV, mode: modeOf(site), settings: row.settings };
}
