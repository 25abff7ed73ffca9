import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';

/** Most gateway forms are a few hundred bytes; SoftBank's result notification is the largest (32 KiB). */
export const FORM_BODY_LIMIT = 16 * 1024;

/**
 * A form body as the WHATWG form decoder reads it (`+` is a space, a repeated name keeps its last value),
 * not @fastify/formbody's default fast-querystring, which turns a repeated name into an array and would
 * answer 400 where the gateways' schemas expect one string (ADR 052).
 */
export function formFields(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

interface FormBodyOptions {
  bodyLimit?: number;
  /** A gateway whose bodies need more than formFields (GMO's answers end in a line break). */
  parser?: (body: string) => Record<string, string>;
}

/**
 * `application/x-www-form-urlencoded` bodies in `app`'s scope (and the scopes registered in it after this
 * call) become plain objects of strings. The one form parser of every gateway route (ADR 052).
 */
export async function registerFormBody(app: FastifyInstance, options: FormBodyOptions = {}): Promise<void> {
  await app.register(formbody, {
    bodyLimit: options.bodyLimit ?? FORM_BODY_LIMIT,
    parser: options.parser ?? formFields,
  });
}
