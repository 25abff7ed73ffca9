import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_SITE, type SiteCode } from '@kippu/contract';
import { createSiteDirectory } from '../domain/sites/site-directory.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site of this request, resolved once from the first path segment (unknown → BORDERLESS). */
    site: SiteCode;
  }
}

/** The first path segment of a URL: the site's slug. */
export function slugOfUrl(url: string): string | undefined {
  return url.split('?')[0]!.split('/')[1];
}

/** Sites are rows of the `sites` table (ADR 014), looked up through a per-app directory. */
export function registerSiteResolution(app: FastifyInstance): void {
  const directory = createSiteDirectory(app.db);
  app.decorateRequest('site', DEFAULT_SITE);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.site = await directory.siteOfSlug(slugOfUrl(request.url));
  });
}
