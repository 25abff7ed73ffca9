import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_SITE,
  ERRORS,
  isLangCode,
  preferredLanguages,
  rememberedLanguageCookie,
  siteSlug,
  TICKETS_SLUG,
  type SiteCode,
} from '@kippu/contract';
import type { ContentSecurityDeclaration } from '../domain/payments/payment-provider.ts';
import { widenPolicy } from '../domain/payments/site-content-security.ts';
import { preferredEncoding, varyOnAcceptEncoding, withVaryField } from './content-encoding.ts';
import { loadPrePaint } from './pre-paint.ts';
import { createSitePages, type LoadBootData } from './site-pages.ts';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

function looksLikeFile(path: string): boolean {
  return path.startsWith('assets/') || /\.[a-z0-9]+$/i.test(path);
}

/**
 * The SPA's asset and API paths are relative (`./assets/...`, `./api/v1/...`), so a page served at
 * `/{slug}/tickets/` asks for `/{slug}/tickets/assets/...` and `/{slug}/tickets/api/v1/...`. The router sees
 * them as the site's own paths: `/{slug}/tickets/<rest>` → `/{slug}/<rest>` (the page itself, with nothing
 * after the folder, stays as it is). Used as Fastify's `rewriteUrl`, before routing (ADR 024).
 */
export function withoutTicketsFolder(url: string): string {
  return url.replace(TICKETS_FOLDER, '$1');
}

/** Compiled once: rewriteUrl runs on every request. */
const TICKETS_FOLDER = new RegExp(`^(/[^/?#]+/)${TICKETS_SLUG}/(?=[^?#])`);

/**
 * A path of the API: `/{slug}/api/...`, or `/api/...` once a `..` slug is resolved away (`/%2e%2e/api/...`).
 * A miss there answers the API's JSON error body, never the page or a plain-text file error.
 */
export function isApiPath(url: string): boolean {
  return /^\/(?:[^/?#]+\/)?api\//.test(url);
}

/** The site pages' wildcard route: on an API path it answers the API's JSON 404. */
const PAGES_WILDCARD = '/:slug/*';

/**
 * The request is answered with the API's JSON 404 (by the pages' wildcard or the not-found handler), before
 * its handler runs: an API answer, so it carries the API's lean headers, not the page's (security-headers.ts,
 * ADR 098). The handlers below answer the 404 exactly when this holds.
 */
export function isApiNotFound(request: FastifyRequest): boolean {
  if (!isApiPath(request.url)) return false;
  if (request.is404) return true;
  return (
    request.routeOptions.url === PAGES_WILDCARD && (request.params as { '*'?: string })['*'] !== TICKETS_SLUG
  );
}

/** A file that is not there answers as a missing file: never the app page, which would be taken for it. */
function fileNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).type('text/plain').send('Not found');
}

/** Crawlers may read the pages; the API is no place for them. */
const ROBOTS_TXT = 'User-agent: *\nDisallow: /*/api/\n';

/**
 * The language to draw the page in: `?lang=` (a language change, a mail's link), else the one the app last
 * ran in for this site (its cookie, ADR 041), else the site's default (undefined).
 */
function pageLanguageOf(request: FastifyRequest): string | undefined {
  const { lang } = (request.query ?? {}) as { lang?: unknown };
  if (isLangCode(lang)) return lang;
  const remembered = request.cookies?.[rememberedLanguageCookie(request.site)];
  return isLangCode(remembered) ? remembered : undefined;
}

/**
 * Serves the SPA under `/{slug}/` for every site, its tickets sub-site under `/{slug}/tickets/` and `/tickets/`
 * (the default site's tickets sub-site; ADR 024). Unknown API paths answer a JSON 404; other unknown paths get the SPA of the site they name
 * (an unknown slug falls back to the default site).
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir = WEB_DIST_DIR,
  loadBootData?: LoadBootData,
  /** The outside origins the site's payment methods need, added to the page's Content-Security-Policy. */
  siteContentSecurity?: (site: SiteCode) => Promise<ContentSecurityDeclaration>,
): Promise<void> {
  const indexFile = `${distDir}index.html`;
  const built = existsSync(indexFile);
  const pageOf = built
    ? createSitePages(readFileSync(indexFile, 'utf8'), loadBootData, await loadPrePaint(distDir))
    : undefined;

  // The page inlines the site's data (issue 12): revalidated with its ETag on every visit (no-cache), a
  // returning visitor gets 304; compressed once per page, sent by content negotiation.
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!pageOf) {
      return reply.status(503).type('text/plain').send('The web app is not built: run npm run build.');
    }
    const requested = pageLanguageOf(request);
    // A first visit (nothing requested or remembered) may follow the browser on a site that says so (ADR 110).
    const browserLangs = requested ? [] : preferredLanguages(request.headers['accept-language']);
    const page = await pageOf(request.site, requested, browserLangs);
    const basePolicy = reply.getHeader('content-security-policy');
    if (siteContentSecurity && typeof basePolicy === 'string') {
      reply.header(
        'content-security-policy',
        widenPolicy(basePolicy, await siteContentSecurity(request.site)),
      );
    }
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('etag', page.etag)
      .header(
        'vary',
        varyOnAcceptEncoding(
          page.followsBrowser
            ? withVaryField(withVaryField(reply.getHeader('vary'), 'Cookie'), 'Accept-Language')
            : withVaryField(reply.getHeader('vary'), 'Cookie'),
        ),
      );
    const ifNoneMatch = request.headers['if-none-match'];
    if (
      ifNoneMatch &&
      ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag.slice(2))
    ) {
      return reply.status(304).send();
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(page.encoded[encoding]);
  };

  if (built) {
    // Hashed assets have brotli and gzip copies made at build time (apps/web/build/precompress.ts).
    await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });
  }

  app.get('/', (_request, reply) => reply.redirect(`/${siteSlug(DEFAULT_SITE)}/`));

  // Files browsers and crawlers ask for at the root: never the app page (issue 7).
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(ROBOTS_TXT),
  );
  app.get('/favicon.ico', (_request, reply) => {
    if (!built || !existsSync(`${distDir}favicon.svg`)) return fileNotFound(reply);
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .sendFile('favicon.svg', { cacheControl: false });
  });

  app.get('/:slug', (request, reply) => {
    const { slug } = request.params as { slug: string };
    // `/sitemap.xml`, `/apple-touch-icon.png`: a file that is not there, not a site to redirect to.
    if (looksLikeFile(slug)) return fileNotFound(reply);
    return reply.redirect(`/${encodeURIComponent(slug)}/`);
  });

  app.get('/:slug/', sendPage);

  // Hashed build assets and static files (logos, favicon) are shared by all sites.
  app.get(PAGES_WILDCARD, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    // The sub-site's page needs its trailing slash, or its relative paths would resolve against /{slug}/.
    if (file === TICKETS_SLUG) {
      const { slug } = request.params as { slug: string };
      return reply.redirect(`/${encodeURIComponent(slug)}/${TICKETS_SLUG}/`);
    }
    if (isApiNotFound(request)) return reply.status(404).send({ error: ERRORS.not_found.message });
    // The page itself by its file name: the site's page (data-site, not cached), never the raw file.
    if (file === 'index.html') return sendPage(request, reply);
    if (built && /^[\w./-]+$/.test(file) && !file.includes('..') && existsSync(distDir + file)) {
      const immutable = file.startsWith('assets/');
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
        .sendFile(file, { cacheControl: false });
    }
    // A file that is not there (an old hashed chunk after a deploy) must fail as a file: answering the
    // page instead would be refused as a script and leave a blank screen with no error to act on.
    if (looksLikeFile(file)) return fileNotFound(reply);
    return sendPage(request, reply);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || request.method !== 'GET') {
      return reply.status(404).send({ error: ERRORS.not_found.message });
    }
    return sendPage(request, reply);
  });
}
