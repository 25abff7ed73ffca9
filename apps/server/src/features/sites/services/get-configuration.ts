import type { ConfigurationResponse, SiteCode } from '@kippu/contract';
import type { Env } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import { readSiteMode, readSiteSettings } from '../../../domain/sites/site-settings.ts';
import { AppError } from '../../../shared/app-error.ts';

/** The public settings only (ADR 014): server-only columns and secrets are never part of this answer. */
export async function getConfiguration(db: Db, env: Env, site: SiteCode): Promise<ConfigurationResponse> {
  const settings = await readSiteSettings(db, site);
  if (!settings) throw new AppError('record_not_found', `site ${site} is not configured`);
  return { siteCode: site, environment: env.KIPPU_ENV, mode: await readSiteMode(db, site), settings };
}
