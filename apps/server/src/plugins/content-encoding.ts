import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Answers shorter than this go out as they are: compressing saves less than it costs (issue 12). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli when accepted, else gzip, else none.
 * An encoding listed with `q=0` is refused; `*` accepts both.
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Compresses an answer. `quality: 'fast'` for per-request API answers (brotli 4, gzip 6: a 3 KB answer in
 * well under a millisecond), `'small'` for answers made once and kept (pages, cached answers).
 */
export function compress(body: Buffer, encoding: Encoding, quality: 'fast' | 'small'): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: quality === 'fast' ? 6 : 9 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality === 'fast' ? 4 : 9,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Adds `field` to a Vary header that may already name other fields. */
export function withVaryField(current: unknown, field: string): string {
  const fields = String(current ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!fields.some((name) => name.toLowerCase() === field.toLowerCase())) fields.push(field);
  return fields.join(', ');
}

export function varyOnAcceptEncoding(current: unknown): string {
  return withVaryField(current, 'Accept-Encoding');
}

/**
 * Compresses API answers over COMPRESS_MIN_BYTES for clients that accept it (issue 12). Register in the
 * API's scope, after the hooks that set headers, so it sees the final body. Answers an earlier hook
 * already encoded (the answer cache's stored copies) are left alone.
 */
export function registerApiCompression(api: FastifyInstance): void {
  api.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    reply.header('vary', varyOnAcceptEncoding(reply.getHeader('vary')));
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compress(body, encoding, 'fast');
  });
}
