import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kippu/contract';
import { acceptInvitation, previewInvitation } from '../../../domain/staff/invitations.ts';
import { requestPasswordReset, resetPassword } from '../../../domain/staff/password-reset.ts';
import { perClientRateLimit } from '../../../plugins/rate-limit.ts';
import { registerConsoleEndpoint } from '../console-endpoint.ts';
import { signInAnswer } from './sign-in-answer.ts';
import { staffClientOf } from './staff-client.ts';

/**
 * What a mail's link opens without a session: an invitation (look, then accept with a password) and a
 * password reset (ask for the mail, then set the password). Tokens are 256 random bits; the per-client
 * limit only keeps a script from spraying the reset mail.
 */
export async function linkRoutes(app: FastifyInstance): Promise<void> {
  registerConsoleEndpoint(app, ENDPOINTS.consoleStaffInvitationPreview, 'public', async (request) =>
    previewInvitation(app.db, request.params.token),
  );

  registerConsoleEndpoint(app, ENDPOINTS.consoleAcceptStaffInvitation, 'public', async (request, reply) => {
    const client = staffClientOf(request);
    const accepted = await acceptInvitation(app.db, {
      token: request.params.token,
      password: request.body.password,
      ...(request.body.name === undefined ? {} : { name: request.body.name }),
      client,
    });
    // Accepting signs the person in to the organisation that invited them, as a sign-in would.
    return signInAnswer(request, reply, {
      email: accepted.email,
      password: request.body.password,
      client,
      organisationId: accepted.organisationId,
    });
  });

  registerConsoleEndpoint(
    app,
    ENDPOINTS.consoleRequestPasswordReset,
    'public',
    async (request) => {
      // The same answer whether the address has an account or not.
      await requestPasswordReset(app.db, app.env, {
        email: request.body.email,
        client: staffClientOf(request),
      });
      return { ok: true as const };
    },
    { config: perClientRateLimit('console-password-resets', { max: 10, timeWindow: '15 minutes' }) },
  );

  registerConsoleEndpoint(app, ENDPOINTS.consoleResetPassword, 'public', async (request) => {
    await resetPassword(app.db, {
      token: request.params.token,
      newPassword: request.body.password,
      client: staffClientOf(request),
    });
    return { ok: true as const };
  });
}
