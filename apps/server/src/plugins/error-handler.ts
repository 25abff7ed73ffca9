import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, type ErrorBody } from '@kippu/contract';
import { AppError } from '../shared/app-error.ts';

/** Maps every error to `{ error: <spec error string> }`; clients never see a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ error: ERRORS[error.code].message } satisfies ErrorBody);
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
      return reply
        .status(error.statusCode)
        .send({ error: ERRORS.invalid_request.message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: ERRORS.internal_error.message } satisfies ErrorBody);
  });
}
