import type { FastifyInstance, FastifyRequest } from 'fastify';
import { membershipInfoEndpoint, membershipLoginEndpoint } from '@kippu/contract';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { loginMember, membershipInfo } from '../../domain/membership/member-login.ts';
import { AppError } from '../../shared/app-error.ts';
import { perClientRateLimit } from '../../plugins/rate-limit.ts';

/**
 * Password guessing (ADR 032): per client (a script trying many accounts) and per account (many clients
 * trying one member's password). A member who mistypes a few times gets through.
 */
export const LOGIN_PER_CLIENT = { max: 10, timeWindow: '1 minute' };
export const LOGIN_PER_ACCOUNT = { max: 5, timeWindow: '15 minutes' };

/** Membership login and membership info (issue 11), only on a site with isUseMembershipLogin. */
export async function membershipRoutes(app: FastifyInstance): Promise<void> {
  const perAccount = app.createRateLimit({
    ...LOGIN_PER_ACCOUNT,
    keyGenerator: (request: FastifyRequest) =>
      `membership-login-account|${request.site}|${String((request.body as { email?: string }).email)
        .trim()
        .toLowerCase()}`,
  });

  registerEndpoint(
    app,
    membershipLoginEndpoint,
    {
      config: perClientRateLimit('membership-login', LOGIN_PER_CLIENT),
      // After validation, so the key is the trimmed address.
      preHandler: async (request, reply) => {
        const budget = await perAccount(request);
        if (!budget.isAllowed && budget.isExceeded) {
          reply.header('retry-after', budget.ttlInSeconds);
          throw new AppError('too_many_requests');
        }
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loginMember(app.db, request.site, request.params.id, request.body);
    },
  );

  registerEndpoint(app, membershipInfoEndpoint, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return membershipInfo(app.db, request.site, request.params.id);
  });
}
