import type { FastifyInstance } from 'fastify';
import {
  joinWaitingRoomEndpoint,
  waitingRoomEntryEndpoint,
  waitingRoomStatusEndpoint,
} from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { AppError } from '../../shared/app-error.ts';

/**
 * The waiting room's visitor API (issue 31, ADR 095). First cut: the contract's routes, registered so the
 * route table matches while the queue is built; no queue is ever in force yet.
 */
export async function waitingRoomRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, joinWaitingRoomEndpoint, async () => {
    throw new AppError('not_found');
  });
  registerEndpoint(app, waitingRoomEntryEndpoint, async () => {
    throw new AppError('not_found');
  });
  registerEndpoint(app, waitingRoomStatusEndpoint, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { active: false };
  });
}
