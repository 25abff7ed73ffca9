import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '@kippu/contract';
import { endOtherSessions, reauthenticate, signOut } from '../../../domain/staff/own-account.ts';
import { REAUTHENTICATION_WINDOW_MS } from '../../../domain/staff/sessions.ts';
import { verifySecondFactor } from '../../../domain/staff/second-factor.ts';
import { AppError } from '../../../shared/app-error.ts';
import { registerConsoleEndpoint } from '../console-endpoint.ts';
import { clearSessionCookie } from '../console-session.ts';
import { signInAnswer } from './sign-in-answer.ts';
import { sessionView } from './session-view.ts';
import { staffClientOf } from './staff-client.ts';

/** Sign-in, who am I, sign-out, re-authentication and the other sessions (issue 27, ADR 064). */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  registerConsoleEndpoint(app, ENDPOINTS.consoleSignIn, 'public', async (request, reply) =>
    signInAnswer(request, reply, {
      email: request.body.email,
      password: request.body.password,
      client: staffClientOf(request),
    }),
  );

  registerConsoleEndpoint(app, ENDPOINTS.consoleSecondFactor, 'signed-in', async (request) => {
    const ok = await verifySecondFactor(
      app.db,
      request.consoleStaff.sessionId,
      request.body.code,
      staffClientOf(request),
    );
    if (!ok) throw new AppError('console_second_factor_failed');
    return { secondFactor: 'done' as const };
  });

  registerConsoleEndpoint(app, ENDPOINTS.consoleSession, 'signed-in', async (request) =>
    sessionView(app.db, request.consoleSession!),
  );

  registerConsoleEndpoint(app, ENDPOINTS.consoleSignOut, 'signed-in', async (request, reply) => {
    await signOut(app.db, request.consoleStaff.sessionId, staffClientOf(request));
    clearSessionCookie(request, reply);
    return { ok: true as const };
  });

  registerConsoleEndpoint(app, ENDPOINTS.consoleReauthenticate, 'signed-in', async (request) => {
    const ok = await reauthenticate(
      app.db,
      request.consoleStaff.sessionId,
      request.body.password,
      staffClientOf(request),
    );
    if (!ok) throw new AppError('console_sign_in_failed');
    return { reauthenticatedUntil: new Date(Date.now() + REAUTHENTICATION_WINDOW_MS).toISOString() };
  });

  registerConsoleEndpoint(app, ENDPOINTS.consoleEndOtherSessions, 'signed-in', async (request) => ({
    ended: await endOtherSessions(app.db, request.consoleStaff.sessionId, staffClientOf(request)),
  }));
}
