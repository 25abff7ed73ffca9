import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GATE_KEY_HEADER,
  gateCheckInEndpoint,
  gateKeySchema,
  gateSessionEndpoint,
  gateSyncEndpoint,
  gateTicketListEndpoint,
  tapCheckInEndpoint,
  tapTicketStatusEndpoint,
} from '@kippu/contract';
import { verifyingSecrets } from '../../config/app-secret.ts';
import { authenticateGate, tapCode, type Gate } from '../../domain/check-ins/gate-keys.ts';
import { gateTicketList } from '../../domain/check-ins/gate-ticket-list.ts';
import { scanTicket, syncOfflineCheckIns } from '../../domain/check-ins/scan-ticket.ts';
import { tapCheckIn, tapTicketStatus } from '../../domain/check-ins/tap-ticket.ts';
import { perClientRateLimit } from '../../plugins/rate-limit.ts';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';

/**
 * Wrong tap codes are worth guessing (8 digits): a few tries a minute per client is plenty for staff who
 * mistype, and ~10^-5 a day for a script per gate.
 */
const TAP_PER_CLIENT = { max: 10, timeWindow: '1 minute' };

/** The entry gate (ADR 030): staff scanner calls under /gate (gate key), the visitor's tap screen. */
export async function checkInRoutes(app: FastifyInstance): Promise<void> {
  const gates = new WeakMap<FastifyRequest, Gate>();

  /** Every /gate call: a well-formed, unrevoked key of this site in X-Gate-Key, else 401. */
  const gateOnly = {
    preHandler: async (request: FastifyRequest) => {
      const header = request.headers[GATE_KEY_HEADER];
      const key = gateKeySchema.safeParse(header);
      gates.set(request, await authenticateGate(app.db, request.site, key.success ? key.data : undefined));
    },
  };
  const gateOf = (request: FastifyRequest) => gates.get(request)!;

  registerEndpoint(app, gateSessionEndpoint, gateOnly, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const gate = gateOf(request);
    return { label: gate.label, tap_code: tapCode(app.env.APP_SECRET, gate.id, new Date()) };
  });

  registerEndpoint(app, gateTicketListEndpoint, gateOnly, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return gateTicketList(app.db, gateOf(request), request.query.lang);
  });

  registerEndpoint(app, gateCheckInEndpoint, gateOnly, async (request) =>
    scanTicket(app.db, verifyingSecrets(app.env), gateOf(request), request.body),
  );

  registerEndpoint(app, gateSyncEndpoint, gateOnly, async (request) =>
    syncOfflineCheckIns(app.db, verifyingSecrets(app.env), gateOf(request), request.body),
  );

  registerEndpoint(app, tapTicketStatusEndpoint, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { reservationToken, ticketId } = request.params;
    return tapTicketStatus(
      app.db,
      request.site,
      reservationToken,
      ticketId,
      request.query.mode,
      request.query.lang,
    );
  });

  registerEndpoint(
    app,
    tapCheckInEndpoint,
    { config: perClientRateLimit('tap-check-in', TAP_PER_CLIENT) },
    async (request) => {
      const { reservationToken, ticketId } = request.params;
      return tapCheckIn(
        app.db,
        verifyingSecrets(app.env),
        request.site,
        reservationToken,
        ticketId,
        request.body,
      );
    },
  );
}
