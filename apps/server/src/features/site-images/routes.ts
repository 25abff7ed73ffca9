import type { FastifyInstance } from 'fastify';
import { siteImageEndpoint } from '@kippu/contract/endpoints/site-images';
import { readSiteImage } from '../../domain/settings/site-images.ts';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { AppError } from '../../shared/app-error.ts';

const MIME_OF_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
/** Decoded images this process keeps (a logo is asked for on every page view of a site). */
const CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Images staff uploaded for a site (issue 28, ADR 071) at `/site-images/<sha256>.<ext>`, from PostgreSQL, so
 * every server process serves them. The name is the content's hash: the answer never changes, so browsers
 * and CDNs keep it for a year. Outside every site and the API's XSRF check; public.
 */
export async function siteImageRoutes(app: FastifyInstance): Promise<void> {
  const cache = new Map<string, { mime: string; bytes: Buffer }>();
  let cachedBytes = 0;

  registerEndpoint(app, siteImageEndpoint, { schema: { hide: true } }, async (request, reply) => {
    const [sha256, extension] = request.params.file.split('.') as [string, string];
    let image = cache.get(sha256);
    if (!image) {
      const stored = await readSiteImage(app.db, sha256);
      if (!stored || stored.mime !== MIME_OF_EXTENSION[extension]) throw new AppError('record_not_found');
      image = stored;
      // A small bounded cache, oldest first out.
      cache.set(sha256, image);
      cachedBytes += image.bytes.length;
      for (const [key, value] of cache) {
        if (cachedBytes <= CACHE_BYTES) break;
        cache.delete(key);
        cachedBytes -= value.bytes.length;
      }
    }
    if (image.mime !== MIME_OF_EXTENSION[extension]) throw new AppError('record_not_found');
    const etag = `"${sha256}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(image.mime).send(image.bytes);
  });
}
