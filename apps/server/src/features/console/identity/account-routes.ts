import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kippu/contract';
import { changePassword } from '../../../domain/staff/own-account.ts';
import {
  confirmTotpEnrolment,
  generateRecoveryCodes,
  startTotpEnrolment,
} from '../../../domain/staff/second-factor.ts';
import { AppError } from '../../../shared/app-error.ts';
import { registerConsoleEndpoint } from '../console-endpoint.ts';
import { freshlyAuthenticated, setSessionCookie } from '../console-session.ts';
import { staffClientOf } from './staff-client.ts';

/** The signed-in member's own account: password and second factor. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  registerConsoleEndpoint(app, ENDPOINTS.consoleChangePassword, 'signed-in', async (request, reply) => {
    const next = await changePassword(app.db, {
      sessionId: request.consoleStaff.sessionId,
      currentPassword: request.body.currentPassword,
      newPassword: request.body.newPassword,
      client: staffClientOf(request),
    });
    // Every session ended with the old password; this browser goes on in a new one.
    setSessionCookie(request, reply, next.cookieValue);
    return { csrfToken: next.csrfToken };
  });

  // Enrolment is open while the second factor is still due (console-session.ts), so a member whose role
  // asks for one can set it up right after the password. Replacing a factor needs a fresh password.
  registerConsoleEndpoint(app, ENDPOINTS.consoleStartTotp, 'signed-in', async (request) => {
    requireFreshPassword(request.consoleSession!);
    return startTotpEnrolment(app.db, request.consoleStaff.staffId);
  });

  registerConsoleEndpoint(app, ENDPOINTS.consoleConfirmTotp, 'signed-in', async (request) => {
    requireFreshPassword(request.consoleSession!);
    const confirmed = await confirmTotpEnrolment(app.db, {
      sessionId: request.consoleStaff.sessionId,
      code: request.body.code,
      client: staffClientOf(request),
    });
    if (!confirmed) throw new AppError('console_second_factor_failed');
    return confirmed;
  });

  // A member who used up or lost their codes gets a new set (the old ones stop working), after giving the
  // password again: whoever holds an open session alone must not be able to mint codes that outlive it.
  registerConsoleEndpoint(
    app,
    ENDPOINTS.consoleRenewRecoveryCodes,
    { signedIn: true, reauthenticate: true },
    async (request) => ({
      recoveryCodes: await generateRecoveryCodes(
        app.db,
        request.consoleStaff.sessionId,
        staffClientOf(request),
      ),
    }),
  );
}

function requireFreshPassword(session: Parameters<typeof freshlyAuthenticated>[0]): void {
  if (!freshlyAuthenticated(session)) throw new AppError('console_reauthentication_required');
}
