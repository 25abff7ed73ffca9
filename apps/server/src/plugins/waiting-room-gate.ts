import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyingSecrets } from '../config/app-secret.ts';
import { arrivalTimer } from './request-start.ts';
import { holdThroughWaitingRoom } from '../domain/waiting-room/admission-gate.ts';
import { queueTokenOf, waitingRoomFor, type WaitingRoom } from '../domain/waiting-room/waiting-room.ts';
import { isExemptFromVisitorLimits } from './visitor-id.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer's time is not what admission is paced by (ADR 133): it waits on purpose (a long poll, a
     * lingering join) or on someone outside the server (a payment gateway).
     */
    unpaced?: boolean;
  }
}

/** The route option of such a call: `config: UNPACED` (merged with the route's other flags). */
export const UNPACED = { unpaced: true } as const;

/** The app's waiting room: one per server process (keyed by its HTTP server), shared by every scope. */
export function waitingRoomOf(app: FastifyInstance): WaitingRoom {
  return waitingRoomFor(app.server, app.db, app.log);
}

/**
 * Runs a visitor's hold through the waiting room's gate (ADR 095): `POST /orders` and the spot hold wrap
 * their hold in it. Staff, kiosk and partner requests pass (isExemptFromVisitorLimits); without a queue in
 * force for the product it is a map lookup; with one, the hold needs and uses the visitor's admission.
 */
export function holdThroughQueue<T extends { orderToken: string }>(
  request: FastifyRequest,
  productUuid: string,
  hold: () => Promise<T>,
): Promise<T> {
  const app = request.server;
  return holdThroughWaitingRoom(
    waitingRoomOf(app),
    app.db,
    {
      site: request.site,
      productUuid,
      exempt: isExemptFromVisitorLimits(request),
      tokenFor: (productId) => queueTokenOf(request, productId),
      secrets: verifyingSecrets(app.env),
    },
    hold,
  );
}

/**
 * Tells the app's waiting room how long each API answer took from the request's arrival (the balancer's
 * stamp when trusted: a busy process reads its requests late), but those of routes marked UNPACED (joins
 * linger and long polls park by design; a checkout waits on its gateway). In a rush the rest are the admitted
 * visitors' holds and purchases, and their speed paces admission (ADR 133). Registered on the API's scope.
 */
export function registerAdmissionPaceMeter(api: FastifyInstance): void {
  const room = waitingRoomOf(api);
  const arrivalOf = arrivalTimer(api.env.TRUST_PROXY, api.env.TRUST_REQUEST_START);
  api.addHook('onResponse', (request, reply, done) => {
    if (room.pacing && request.routeOptions.config.unpaced !== true)
      room.noteAnswer(Date.now() - arrivalOf(request, reply).getTime());
    done();
  });
}
