import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { mayReachApi } from './api-path.ts';
import { hasPendingWrite } from './read-your-writes.ts';
import {
  compress,
  COMPRESS_MIN_BYTES,
  preferredEncoding,
  varyOnAcceptEncoding,
  type Encoding,
} from './content-encoding.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public availability read whose 200 answers the shared answer cache may keep (ADR 033). */
    answerCache?: boolean;
  }
}

/** How long a kept answer is served: availability may be one second old, never more (ADR 033). */
export const ANSWER_MAX_AGE_MS = 1000;
/**
 * What a browser or shared cache may do with an availability answer (docs/scaling.md): keep it one second.
 * No stale-while-revalidate here: a browser would then show a visitor seats up to six seconds old on the
 * next screen (and Chromium's background revalidation never reports to the page).
 */
export const AVAILABILITY_CACHE_CONTROL = 'public, max-age=1';
/** A CDN (RFC 9213 `CDN-Cache-Control`) may also serve it stale while it revalidates, shielding the origin. */
export const AVAILABILITY_CDN_CACHE_CONTROL = 'public, max-age=1, stale-while-revalidate=5';
/** Distinct URLs kept at most; past it the oldest go (a crawler walking dates cannot grow memory). */
const MAX_ENTRIES = 5000;

const MISS = Symbol('kippu.answerCacheMiss');

interface Variant {
  headers: OutgoingHttpHeaders;
  /**
   * The body's bytes as a latin1 string: Node sends a string body in one write with the head, a Buffer as a
   * second chunk through writev, which profiled as the costliest step of a kept answer (issue 31).
   */
  wire: string;
}

interface Entry {
  /** When the read that made it began. */
  readAt: number;
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  variants: Partial<Record<Encoding | 'identity', Variant>>;
}

interface Miss {
  key: string;
  readAt: number;
  /** Wakes the requests waiting for this answer: once it is kept, or when the response ends without it. */
  wake: () => void;
}

type RawRequest = IncomingMessage & { [MISS]?: Miss };

/** Headers that belong to one response, never to a kept copy. */
const NOT_KEPT = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
]);

/**
 * The shared answer cache of availability reads (ADR 033). A kept answer is served straight from the
 * Node request handler, before Fastify parses or routes anything (the lean path of issue 12), while it is
 * at most ANSWER_MAX_AGE_MS old, whatever was held or sold meanwhile: a rush's holds and joins must not turn every
 * read into a query, and a visitor who wrote reads past kept answers (ADR 123). Requests for a
 * URL whose answer is being made wait for it instead of running the same query (concurrent misses share
 * one). The answer itself comes from the route as usual: its validation, its query, its serialization.
 */
export function createAnswerCache() {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<void>>();

  const fresh = (entry: Entry | undefined, now: number): entry is Entry =>
    entry !== undefined && now - entry.readAt <= ANSWER_MAX_AGE_MS;

  function variantOf(entry: Entry, encoding: Encoding | undefined): Variant {
    const name = encoding && entry.body.length >= COMPRESS_MIN_BYTES ? encoding : 'identity';
    let variant = entry.variants[name];
    if (!variant) {
      const body = name === 'identity' ? entry.body : compress(entry.body, name, 'fast');
      const headers: OutgoingHttpHeaders = { ...entry.headers, 'content-length': body.length };
      if (name !== 'identity') headers['content-encoding'] = name;
      entry.variants[name] = variant = { headers, wire: body.toString('latin1') };
    }
    return variant;
  }

  function send(entry: Entry, req: IncomingMessage, res: ServerResponse): void {
    const variant = variantOf(entry, preferredEncoding(req.headers['accept-encoding']));
    res.writeHead(entry.status, variant.headers);
    res.end(variant.wire, 'latin1');
  }

  function passOn(req: RawRequest, res: ServerResponse, key: string, next: () => void): void {
    // This request makes the answer; later ones for the same URL wait for it, and are woken as soon as it
    // is kept, not when this response has been written (a slow client must not hold up the others).
    let resolve!: () => void;
    const making = new Promise<void>((done) => (resolve = done));
    inFlight.set(key, making);
    const wake = () => {
      if (inFlight.get(key) === making) inFlight.delete(key);
      resolve();
    };
    req[MISS] = { key, readAt: Date.now(), wake };
    res.once('close', wake);
    next();
  }

  return {
    /**
     * Wraps Node's request handler: answers a GET from a kept answer when one is fresh, waits for one being
     * made, otherwise hands the request on (`next`): with `true` when it is a miss nobody is making, which
     * then makes the answer if it reaches Fastify (`make`).
     */
    handle(req: RawRequest, res: ServerResponse, next: (mayMake?: boolean) => void): void {
      const key = req.url;
      if (req.method !== 'GET' || !mayReachApi(key)) return next();
      // A visitor who just moved stock reads for themself (ADR 097, 123): neither served a kept answer (read
      // before their write, or on a replica that has not replayed it) nor kept (a private answer).
      if (hasPendingWrite(req.headers.cookie)) return next();
      const entry = entries.get(key);
      if (fresh(entry, Date.now())) return send(entry, req, res);
      const making = inFlight.get(key);
      if (!making) return next(true);
      void making.then(() => {
        const made = entries.get(key);
        // No kept answer (an error): read for this request alone rather than queue behind yet another maker.
        if (fresh(made, Date.now())) send(made, req, res);
        else next();
      });
    },

    /**
     * The last step before Fastify of a miss nobody was making (`next(true)`): it becomes the URL's maker here,
     * not on arrival, so what is answered in front of Fastify (the overload guard's 503, the fast JSON 404)
     * never makes others wait. The steps between are synchronous: no other request for the URL can have
     * become its maker meanwhile.
     */
    make(req: RawRequest, res: ServerResponse, handler: () => void): void {
      passOn(req, res, req.url!, handler);
    },

    /** Keeps a route's 200 answer (called from the API scope's onSend with the final headers and body). */
    keep(req: RawRequest, status: number, headers: Record<string, unknown>, body: Buffer): void {
      const miss = req[MISS];
      if (!miss) return;
      try {
        if (status === 200) store(miss, status, headers, body);
      } finally {
        miss.wake();
      }
    },

    /** A request whose route keeps no answer (not an availability read, or no route): wake its waiters now. */
    release(req: RawRequest): void {
      req[MISS]?.wake();
      req[MISS] = undefined;
    },
  };

  function store(miss: Miss, status: number, headers: Record<string, unknown>, body: Buffer): void {
    const kept: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined && !NOT_KEPT.has(name.toLowerCase()))
        kept[name] = value as OutgoingHttpHeaders[string];
    }
    if (body.length >= COMPRESS_MIN_BYTES) kept.vary = varyOnAcceptEncoding(kept.vary);
    if (entries.size >= MAX_ENTRIES) {
      const now = Date.now();
      for (const [key, entry] of entries) if (!fresh(entry, now)) entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    }
    entries.delete(miss.key);
    entries.set(miss.key, {
      readAt: miss.readAt,
      status,
      headers: kept,
      body,
      variants: {},
    });
  }
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;

/**
 * The API scope's side of the cache: routes with `config: { answerCache: true }` answer with
 * AVAILABILITY_CACHE_CONTROL and AVAILABILITY_CDN_CACHE_CONTROL (set before the handler, so no XSRF cookie joins a public answer) and their
 * 200 answers are kept. Register before the API compression hook: the kept copy is the raw body.
 */
export function registerAnswerCache(api: FastifyInstance, cache: AnswerCache): void {
  api.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.answerCache) return;
    reply.header('cache-control', AVAILABILITY_CACHE_CONTROL);
    reply.header('cdn-cache-control', AVAILABILITY_CDN_CACHE_CONTROL);
  });
  api.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.answerCache) return payload;
    if (reply.statusCode !== 200) {
      reply.header('cache-control', 'no-store');
      reply.removeHeader('cdn-cache-control');
      return payload;
    }
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      cache.keep(request.raw, reply.statusCode, reply.getHeaders(), body);
    }
    return payload;
  });
}

/**
 * Every route (and the not-found handler) that keeps no answer wakes the requests waiting on its URL as soon
 * as it is routed: concurrent GETs of an order or of an unknown path must not queue behind one another.
 */
export function registerAnswerRelease(app: FastifyInstance, cache: AnswerCache): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.routeOptions.config?.answerCache) cache.release(request.raw);
    done();
  });
}
