import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ERRORS,
  joinWaitingRoomEndpoint,
  waitingRoomCookieName,
  waitingRoomEntryEndpoint,
  waitingRoomStatusEndpoint,
  type WaitingRoomEntry,
} from '@kippu/contract';
import { verifyingSecrets } from '../../config/app-secret.ts';
import { findProduct, joinQueue, type Alone } from '../../domain/waiting-room/queue-store.ts';
import { signQueueToken, verifyQueueToken } from '../../domain/waiting-room/queue-token.ts';
import { queueTokenOf, type ProductRef } from '../../domain/waiting-room/waiting-room.ts';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { AVAILABILITY_CACHE_CONTROL } from '../../plugins/answer-cache.ts';
import { perClientRateLimit } from '../../plugins/rate-limit.ts';
import { clientKeyOf } from '../../plugins/client-key.ts';
import { visitorIdOf } from '../../plugins/visitor-id.ts';
import { arrivalTimer } from '../../plugins/request-start.ts';
import { UNPACED, waitingRoomOf } from '../../plugins/waiting-room-gate.ts';
import { AppError } from '../../shared/app-error.ts';
import { Semaphore } from '../../shared/semaphore.ts';

/** Joins per client: a reload or a new tab answers the same place, so a person needs few; one address cannot fill the queue. */
const JOIN_BUDGET = { max: 20, timeWindow: '1 minute' };
/** The place's cookie lives as long as a sales opening could (the token is checked against its run). */
const QUEUE_COOKIE_S = 24 * 3600;

/**
 * Joins' own statements (the first join of a run, before the snapshot names it; a run that ended since the
 * snapshot; the product read when no queue is in force) may use the pool's connections but a quarter (at
 * least two): in a rush thousands of joins arrive at once, and without a bound they would fill the pool's
 * queue ahead of the holds of visitors already admitted (each with a few minutes to hold). Joins beyond the
 * bound wait in this process's memory in arrival order (ADR 095, measured). A join of a known run takes its
 * position in the room's batch (one connection per run however many join, ADR 095 addendum), outside this
 * bound: held to it, a batch could never be larger than the bound.
 */
export function joinConcurrency(poolSize: number): number {
  return Math.max(1, poolSize - Math.max(2, Math.ceil(poolSize / 4)));
}

/**
 * The waiting room's visitor API (issue 31, ADR 095): join, read or long-poll the place, and whether a
 * queue is in force. Answers about a place are `no-store` (they carry its token; a shared cache must not
 * hand one visitor's place to another) and set the place's HttpOnly cookie; API clients send the answer's
 * `token` back in `Kippu-Queue-Token`.
 */
export async function waitingRoomRoutes(app: FastifyInstance): Promise<void> {
  const room = waitingRoomOf(app);
  // Background steps run in every server process; tests step by hand unless they turn timers on, and admit
  // at the full rate unless they turn the pace on (its answers' timing is the machine's, not the test's).
  room.configure({
    automatic: app.env.WAITING_ROOM_AUTOMATIC === 'on',
    automaticHoldsPerSecond: app.env.WAITING_ROOM_AUTOMATIC_HOLDS_PER_SECOND,
    timers: app.env.NODE_ENV !== 'test',
    pacing: app.env.NODE_ENV !== 'test',
    paceSlowMs: app.env.WAITING_ROOM_PACE_SLOW_MS,
    paceFastMs: app.env.WAITING_ROOM_PACE_SLOW_MS / 2,
  });
  // preClose, not onClose (review finding 7): Fastify's server close waits for requests in flight before
  // onClose hooks run, so parked polls would hold shutdown for up to `longPollMs`.
  app.addHook('preClose', async () => room.stop());
  const secrets = verifyingSecrets(app.env);
  const soloJoins = new Semaphore(joinConcurrency(app.env.DATABASE_POOL_SIZE));
  /** Joins of a known run in flight (their reads and the batch): they count toward `maxWaitingJoins`. */
  let batchedJoins = 0;
  const arrivalOf = arrivalTimer(app.env.TRUST_PROXY, app.env.TRUST_REQUEST_START);

  const sendPlace = (request: FastifyRequest, reply: FastifyReply, answer: WaitingRoomEntry) => {
    reply.header('cache-control', 'no-store');
    if (answer.token !== '') {
      reply.setCookie(waitingRoomCookieName(answer.product_id), answer.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: QUEUE_COOKIE_S,
      });
    }
    return answer;
  };

  /** The product the call names (by id or uuid): from the snapshot of queues in force, else one read. */
  const productOf = async (site: string, ref: { product_id?: number; product_uuid?: string }) => {
    const named = namedOf(ref);
    const queue = await room.queueFor(site, named);
    const product = queue
      ? { id: queue.productId, uuid: queue.productUuid, queueId: queue.queueId }
      : await findProduct(app.db, site, named);
    if (!product) throw new AppError('not_found');
    return { queueId: null, ...product };
  };

  /** The request's place for the product (cookie or header), read fresh; null without a valid one. */
  const currentPlace = async (request: FastifyRequest, productId: number) => {
    const place = verifyQueueToken(queueTokenOf(request, productId), secrets, request.site, productId);
    if (!place) return null;
    // Read together with the other joins' and polls' places of this moment (one statement, ADR 095 addendum).
    const found = await room.places.read(request.site, productId, place.entryId);
    if (found) room.noteSeen(place.entryId);
    return found ? { ...found, token: queueTokenOf(request, productId)! } : null;
  };

  /** 503 `server busy` with Retry-After (the web retries): the process's join queue or poll cap is full. */
  const busy = (reply: FastifyReply) =>
    reply
      .status(ERRORS.server_busy.status)
      .header('retry-after', '1')
      .header('cache-control', 'no-store')
      .send({ error: ERRORS.server_busy.message });

  /** A join: the place the request already has in the run in force, else a place taken now. */
  const joinNow = async (
    request: FastifyRequest,
    reply: FastifyReply,
    body: { product_id?: number; product_uuid?: string },
    alone?: Alone,
  ) => {
    const product = await productOf(request.site, body);
    const productId = product.id;
    // A place this browser or client already has in the run in force answers as it is (never improved).
    const current = await currentPlace(request, productId);
    if (current && current.queue.ended_at === null && ['waiting', 'admitted'].includes(current.entry.state)) {
      return sendPlace(request, reply, room.view(current.entry, current.queue, current.token));
    }
    const joined = await joinQueue(
      app.db,
      {
        site: request.site,
        productId,
        // The hashed key (review finding 11), as orders store it: never the cookie's raw id.
        visitorKey: visitorIdOf(request) === null ? null : clientKeyOf(request),
        knownQueueId: product.queueId,
        // Arrival is when the balancer (a trusted proxy's X-Request-Start) or this process received the
        // join, not when its statement runs after the rate limit, the join bound and the pool (ADR 095
        // addendum).
        arrivedAt: arrivalOf(request, reply),
      },
      { batch: room.joins, ...(alone ? { alone } : {}) },
    );
    if (!joined) {
      reply.header('cache-control', 'no-store');
      return closedAnswer(product);
    }
    const token = signQueueToken(app.env.APP_SECRET, request.site, { productId, entryId: joined.entry.id });
    return sendPlace(request, reply, room.view(joined.entry, joined.queue, token));
  };

  registerEndpoint(
    app,
    joinWaitingRoomEndpoint,
    // Unpaced: a join lingers for company on purpose (ADR 120).
    { config: { ...perClientRateLimit('waiting-room-joins', JOIN_BUDGET, { patient: true }), ...UNPACED } },
    async (request, reply) => {
      // A bound on joins waiting in memory (review finding 3): past it a flood costs neither memory nor an
      // ever-longer wait; the refused join comes back after Retry-After.
      if (soloJoins.stats().waiting + batchedJoins >= room.timing.maxWaitingJoins) return busy(reply);
      const known = (await room.queueFor(request.site, namedOf(request.body)))?.queueId;
      if (!known) return soloJoins.run(() => joinNow(request, reply, request.body));
      // The common case in a rush (the run is in the snapshot): its position is taken in the room's batch.
      // Its one-by-one fallback (the run ended since the snapshot) stays within the bound on own statements.
      batchedJoins += 1;
      try {
        return await joinNow(request, reply, request.body, (work) => soloJoins.run(work));
      } finally {
        batchedJoins -= 1;
      }
    },
  );

  // Unpaced: a long poll parks on purpose.
  registerEndpoint(app, waitingRoomEntryEndpoint, { config: UNPACED }, async (request, reply) => {
    // Parked polls pass the overload guard: a call naming the product by id without a valid token for it
    // costs no query at all (an HMAC check), so polls without a place cannot tie up connections.
    const namedId = request.query.product_id;
    if (
      namedId !== undefined &&
      !verifyQueueToken(queueTokenOf(request, namedId), secrets, request.site, namedId)
    ) {
      throw new AppError('not_found');
    }
    const product = await productOf(request.site, request.query);
    const current = await currentPlace(request, product.id);
    if (!current) throw new AppError('not_found');
    const answer = room.view(current.entry, current.queue, current.token);
    // Not parked when the state changed since the caller's last answer (`seen`): it has news now.
    if (request.query.wait !== '1' || (request.query.seen && request.query.seen !== answer.state))
      return sendPlace(request, reply, answer);
    if (room.pollsFull) return busy(reply);
    const gone = new AbortController();
    // A client gone during the reads above never fires 'close' again: not parked at all.
    if (request.raw.destroyed) gone.abort();
    reply.raw.once('close', () => gone.abort());
    const changed = await room.waitForChange(request.site, current.entry, answer, gone.signal);
    return sendPlace(request, reply, changed);
  });

  registerEndpoint(app, waitingRoomStatusEndpoint, async (request, reply) => {
    // The per-process snapshot of the queues in force (at most a second old): no query per call.
    const { product_id: id, product_uuid: uuid } = request.query;
    const active =
      (await room.queueFor(request.site, id !== undefined ? { id } : { uuid: uuid! })) !== undefined;
    reply.header('cache-control', AVAILABILITY_CACHE_CONTROL);
    return { active };
  });
}

/** The product a call names, by id (API clients, the bench) or by uuid (the SPA). */
function namedOf(ref: { product_id?: number; product_uuid?: string }): ProductRef {
  return ref.product_id !== undefined ? { id: ref.product_id } : { uuid: ref.product_uuid! };
}

function closedAnswer(product: { id: number; uuid: string }): WaitingRoomEntry {
  return {
    product_id: product.id,
    product_uuid: product.uuid,
    token: '',
    state: 'closed',
    position: null,
    estimated_wait_seconds: null,
    admitted_until: null,
  };
}
