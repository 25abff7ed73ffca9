import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_SITE, type SiteCode } from '@kippu/contract';
import { createSiteDirectory } from '../domain/sites/site-directory.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site of this request, resolved once from the routed `:slug` (unknown or none → the default site). */
    site: SiteCode;
  }
}

/**
 * Sites are rows of the `sites` table (ADR 014), looked up through a per-app directory. The slug is the
 * router's decoded `:slug` parameter, never a piece cut out of the raw URL: `/%64emo/api/v1/...` is routed
 * as `demo` and must be answered for DEMO, whatever the encoding (ADR 015). Routes without a `:slug`
 * (`/`, unmatched URLs) get the default site.
 */
export function registerSiteResolution(app: FastifyInstance): void {
  const directory = createSiteDirectory(app.db);
  app.decorateRequest('site', DEFAULT_SITE);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const { slug } = (request.params ?? {}) as { slug?: string };
    request.site = await directory.siteOfSlug(slug);
  });
}
