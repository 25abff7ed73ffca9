import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, type ErrorBody } from '@kippu/contract';
import { isDatabaseBusy, isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from '../db/unavailable.ts';
import { REQUEST_ID_HEADER } from '../observability/request-id.ts';
import { AppError } from '../shared/app-error.ts';

/** The body of every refused request that the catalogue has no more precise string for. */
const INVALID_REQUEST: ErrorBody = { error: ERRORS.invalid_request.message };
const TEMPORARILY_UNAVAILABLE: ErrorBody = { error: ERRORS.temporarily_unavailable.message };
const SERVER_BUSY: ErrorBody = { error: ERRORS.server_busy.message };

export interface ErrorHandlerOptions {
  /** The overload guard's Retry-After (ADR 034): a request that found every pooled connection busy answers as it does. */
  busyRetryAfterSeconds: number;
}

/** Maps every error to `{ error: <spec error string> }`; clients never see a stack trace. */
export function registerErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ ...error.fields, error: ERRORS[error.code].message } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'invalid',
      }));
      return reply.status(400).send({ error: ERRORS.invalid_request.message, issues } satisfies ErrorBody);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ error: ERRORS.too_many_requests.message } satisfies ErrorBody);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, body too large, unsupported media type ...
      return reply.status(error.statusCode).send(INVALID_REQUEST);
    }
    if (isDatabaseBusy(error)) {
      // Every pooled connection stayed busy for the connect limit: load, not an outage (ADR 046). The
      // overload guard's answer, and no "database unavailable" warning: the database is fine, only
      // slower than the load; the request's own log line shows the 503.
      return reply
        .status(ERRORS.server_busy.status)
        .header('Retry-After', String(options.busyRetryAfterSeconds))
        .header('Cache-Control', 'no-store')
        .send(SERVER_BUSY);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is gone, frozen or too slow (ADR 046): the call may succeed later; the process lives
      // on and the pool reconnects by itself. Checked after the 4xx answers, so bad input stays a 4xx.
      request.log.warn({ err: error }, 'database unavailable');
      return (
        reply
          .status(ERRORS.temporarily_unavailable.status)
          .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S))
          // Never kept by a browser or CDN, whatever the route's own caching said before it failed.
          .header('Cache-Control', 'no-store')
          .send(TEMPORARILY_UNAVAILABLE)
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: ERRORS.internal_error.message } satisfies ErrorBody);
  });
}

/**
 * Errors the router raises before any route or hook runs: a URL that does not decode (`/orders/%ZZ`,
 * FST_ERR_BAD_URL, 400) and a path parameter longer than the router allows (FST_ERR_MAX_PARAM_LENGTH,
 * 414). Fastify's own answer echoes the URL; this one keeps the status and answers the one error body.
 * Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  // No hook runs for it: the request id is set here, as every error answer carries it (ADR 099).
  void reply.status(status).header(REQUEST_ID_HEADER, request.id).send(INVALID_REQUEST);
}

const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a 100 KB query: header overflow, 431; a
 * broken request line: 400). Written straight to the socket, as Node does, with the one error body.
 * Passed to Fastify as `clientErrorHandler`.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
    const body = JSON.stringify(INVALID_REQUEST);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
