import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { isLsn, type ReadPool } from '../db/read-pool.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write that moves stock (hold, cancel, checkout, date change): its visitor then reads their own write. */
    movesStock?: boolean;
  }
  interface FastifyInstance {
    /** Where reads that may be stale go (ADR 097): the replica when DATABASE_READ_URL is set, else the primary. */
    reads: ReadPool;
  }
}

/**
 * Set after a visitor's write that moved stock: that visitor's catalogue reads then skip kept answers (ours,
 * a CDN's) for a while, so their own hold shows at once whichever process answers (ADR 123), and, with a
 * replica, come from the primary while the replica has not replayed the primary's WAL position it holds
 * (ADR 097; without a replica the position is `0/0`, always replayed).
 */
export const READ_AFTER_COOKIE = 'kippu-read-after';
/** How long after their last write (or the last read that found the replica still behind) it holds. */
export const READ_AFTER_SECONDS = 30;
/** A read made for one visitor's pending write: never kept by a browser's shared cache, a CDN or ours. */
export const PENDING_WRITE_CACHE_CONTROL = 'private, no-store';

/** Cheap test on the raw header, for the answer cache in front of Fastify (no cookie parsing). */
export function hasPendingWrite(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && cookieHeader.includes(`${READ_AFTER_COOKIE}=`);
}

function rememberWrite(request: FastifyRequest, reply: FastifyReply, lsn: string): void {
  reply.setCookie(READ_AFTER_COOKIE, lsn, {
    path: '/',
    maxAge: READ_AFTER_SECONDS,
    sameSite: 'lax',
    httpOnly: true,
    secure: request.protocol === 'https',
  });
}

/** A route's options for a write that moves stock: `registerEndpoint(app, endpoint, MOVES_STOCK, handler)`. */
export const MOVES_STOCK = { config: { movesStock: true } } as const;

/**
 * In the API scope: every write that moved stock and went through (a hold, a cancel, a checkout, a date
 * change: routes marked `movesStock`, status under 400) gives its visitor the cookie, with where the primary's
 * WAL stood after it (one shared query per moment, ReadPool.primaryPosition; none without a replica). Other writes (a waiting-room join, a mail, a
 * coupon) change nothing the catalogue shows, and the cookie would cost their visitor the answer cache and the
 * CDN for READ_AFTER_SECONDS (review finding 6), in a rush exactly when it matters.
 */
export function registerWritePositions(api: FastifyInstance): void {
  const reads = api.reads;
  api.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config?.movesStock || reply.statusCode >= 400) return payload;
    try {
      rememberWrite(request, reply, await reads.primaryPosition());
    } catch {
      // The primary is away: the write's own answer says so or already went through; reads fall back anyway.
    }
    return payload;
  });
}

/**
 * Runs a catalogue read where it may go: the replica (when there is one), unless this visitor wrote something
 * the replica has not replayed yet (then the primary, and the cookie is kept for another while). A visitor with
 * a pending write gets a private, no-store answer; everyone else's stays shared-cacheable.
 */
export async function readForVisitor<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const reads = app.reads;
  const after = request.cookies?.[READ_AFTER_COOKIE];
  if (!isLsn(after)) return reads.read(work);
  reply.header('cache-control', PENDING_WRITE_CACHE_CONTROL);
  reply.removeHeader('cdn-cache-control');
  if (await reads.replayedPast(after)) return reads.read(work);
  rememberWrite(request, reply, after);
  return work(reads.primary);
}
