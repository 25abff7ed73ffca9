import type { FastifyInstance, FastifyRequest } from 'fastify';
import { siteFromSlug, type SiteCode } from '@kippu/contract';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site of this request, resolved once from the first path segment (unknown → BORDERLESS). */
    site: SiteCode;
  }
}

export function siteOfUrl(url: string): SiteCode {
  const firstSegment = url.split('?')[0]!.split('/')[1];
  return siteFromSlug(firstSegment);
}

export function registerSiteResolution(app: FastifyInstance): void {
  app.decorateRequest('site', 'BORDERLESS');
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.site = siteOfUrl(request.url);
  });
}
