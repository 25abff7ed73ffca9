import { existsSync, readFileSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ERRORS } from '@kippu/contract';
import { preferredEncoding, varyOnAcceptEncoding } from './content-encoding.ts';
import { WEB_DIST_DIR } from './spa.ts';

/**
 * The console page's Content-Security-Policy: its own scripts and styles only, and never a third party's.
 * The visitor pages admit payment and tag-manager origins per site (spa.ts); a staff session must never run
 * beside them (issue 27), so nothing here is widened per site. `data:` images are the TOTP QR code.
 * 'wasm-unsafe-eval' compiles WebAssembly only (never a string of script): the orders search scans a ticket's
 * QR with ZXing's wasm where the browser has no BarcodeDetector (issue 29, as the gate does, ADR 030).
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * A hashed build file's name (`index.esm-<hash>.js` has dots too): no slash, no empty or dot-only part.
 * `wasm`: ZXing's QR reader (`zxing_reader-<hash>.wasm`), loaded by the orders search's scanner.
 */
const ASSET_NAME = /^[\w-]+(?:\.[\w-]+)*\.(?:js|css|svg|png|woff2|json|wasm)$/;

/**
 * Serves the console's SPA (issue 27, ADR 067): `/console` → `/console/`; `/console/` is the built
 * console.html with the strict policy above; `/console/assets/<file>` the build's hashed assets with their
 * precompressed copies. Static paths, so they win over the sites' `/:slug/...` routes; a console API path
 * nobody serves answers the one JSON error body, never the page.
 */
export async function registerConsoleSpa(app: FastifyInstance, distDir = WEB_DIST_DIR): Promise<void> {
  const pageFile = `${distDir}console.html`;
  const built = existsSync(pageFile);
  const page = built ? readFileSync(pageFile) : undefined;
  const encoded = {
    br: built && existsSync(`${pageFile}.br`) ? readFileSync(`${pageFile}.br`) : undefined,
    gzip: built && existsSync(`${pageFile}.gz`) ? readFileSync(`${pageFile}.gz`) : undefined,
  };

  await app.register(async (scope) => {
    if (built) await scope.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });

    const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain').send('Not found');

    scope.get('/console', { schema: { hide: true } }, (_request, reply) => reply.redirect('/console/'));

    scope.get('/console/', { schema: { hide: true } }, (request, reply) => {
      reply
        .header('content-security-policy', CONSOLE_CONTENT_SECURITY_POLICY)
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex, nofollow');
      if (!page) {
        return reply.status(503).type('text/plain').send('The console is not built: run npm run build.');
      }
      // The page names only hashed assets: revalidated on every visit, so a deploy shows at once.
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', varyOnAcceptEncoding(undefined));
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const body = encoding ? encoded[encoding] : undefined;
      if (!encoding || !body) return reply.send(page);
      return reply.header('content-encoding', encoding).send(body);
    });

    scope.get('/console/*', { schema: { hide: true } }, (request, reply) => {
      const rest = (request.params as { '*': string })['*'];
      if (rest.startsWith('api/')) return reply.status(404).send({ error: ERRORS.not_found.message });
      const file = rest.startsWith('assets/') ? rest.slice('assets/'.length) : undefined;
      if (!built || file === undefined || !ASSET_NAME.test(file) || !existsSync(`${distDir}assets/${file}`)) {
        return notFound(reply);
      }
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .sendFile(`assets/${file}`, { cacheControl: false });
    });
  });
}
