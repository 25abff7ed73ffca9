import type { FastifyRequest } from 'fastify';
import type { StaffClient } from '../../../domain/staff/staff-types.ts';
import { clientAddressOf } from '../../../plugins/client-key.ts';

/** Where a console request came from, as sessions, sign-in limits and the audit log record it. */
export function staffClientOf(request: FastifyRequest): StaffClient {
  const userAgent = request.headers['user-agent'];
  return {
    address: clientAddressOf(request),
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
  };
}
