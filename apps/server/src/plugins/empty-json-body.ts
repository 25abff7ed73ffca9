import type { FastifyInstance } from 'fastify';

/**
 * A DELETE sent with `Content-Type: application/json` and no body (many HTTP clients add the header to
 * every call) was refused by Fastify's JSON parser with 400, and `DELETE /orders/{id}` left the order
 * holding its stock (issue 7). On a DELETE an empty JSON body is no body. Every other body still goes to
 * Fastify's own JSON parser, with its guards against prototype poisoning.
 */
export function registerEmptyJsonDeleteParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.method === 'DELETE' && body === '') return done(null, undefined);
    // parseAs 'string' hands over a string; the type also allows the Buffer of parseAs 'buffer'.
    parseJson(request, body.toString(), done);
  });
}
