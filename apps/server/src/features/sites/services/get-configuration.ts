import type { ConfigurationResponse, SiteCode } from '@kippu/contract';
import type { Env } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import { readSiteSettings } from '../../../domain/sites/site-settings.ts';
import { AppError } from '../../../shared/app-error.ts';

/**
 * The demo site runs in demo mode (spec §1 names the modes); RUINS, an open-air site whose gate devices and
 * signage run on patchy outdoor Wi-Fi, in reconnect mode (ADR 112: devices retry with back-off and replay
 * their queue at once); the others in none.
 */
function modeOf(site: SiteCode): ConfigurationResponse['mode'] {
  if (site === 'DEMO') return 'demo';
  return site === 'RUINS' ? 'reconnect' : null;
}

/** The public settings only (ADR 014): server-only columns and secrets are never part of this answer. */
export async function getConfiguration(db: Db, env: Env, site: SiteCode): Promise<ConfigurationResponse> {
  const settings = await readSiteSettings(db, site);
  if (!settings) throw new AppError('record_not_found', `site ${site} is not configured`);
  return { siteCode: site, environment: env.KIPPU_ENV, mode: modeOf(site), settings };
}
