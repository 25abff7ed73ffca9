import Fastify, { type FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { PAGE_SECURITY_HEADERS, registerSecurityHeaders } from './security-headers.ts';

// The app's options: the precomputed headers must be exactly what @fastify/helmet set per request.
const OPTIONS = PAGE_SECURITY_HEADERS;

function withRoutes(app: FastifyInstance): FastifyInstance {
  app.get('/page', (_request, reply) => reply.type('text/html').send('<p>page</p>'));
  // A route that widens the policy, as the site page does (spa.ts).
  app.get('/widened', (_request, reply) => {
    reply.header(
      'content-security-policy',
      `${String(reply.getHeader('content-security-policy'))} https://pay`,
    );
    return reply.send('ok');
  });
  app.get('/lean', { config: { helmet: { skipRoute: true } } }, () => ({ ok: true }));
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: 'not found' }));
  return app;
}

/** The answer's headers without the ones that vary by response (date) or by nothing helmet does. */
async function headersOf(app: FastifyInstance, url: string): Promise<Record<string, unknown>> {
  const { headers } = await app.inject({ method: 'GET', url });
  const { date: _date, ...rest } = headers;
  return rest;
}

describe('security headers', () => {
  it('are the headers @fastify/helmet set, on pages, a widened page, a 404, and none on a skipping route', async () => {
    const before = withRoutes(Fastify());
    await before.register(fastifyHelmet, OPTIONS);
    const after = Fastify();
    registerSecurityHeaders(after, OPTIONS);
    withRoutes(after);
    for (const url of ['/page', '/widened', '/nope', '/lean']) {
      expect(await headersOf(after, url), url).toEqual(await headersOf(before, url));
    }
    const page = await headersOf(after, '/page');
    expect(page['x-frame-options']).toBe('SAMEORIGIN');
    expect(page['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(await headersOf(after, '/widened')).toMatchObject({
      'content-security-policy': expect.stringMatching(/connect-src 'self' https:\/\/pay$/),
    });
    expect(await headersOf(after, '/lean')).not.toHaveProperty('content-security-policy');
  });
});
