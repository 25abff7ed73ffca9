import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';

/** The gateways' forms are a few hundred bytes; SoftBank's purchase request is the largest. */
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * A form body as the WHATWG form decoder reads it (`+` is a space, a repeated name keeps its last value),
 * not @fastify/formbody's default, which turns a repeated name into an array where the schemas expect one
 * string (the server reads its own gateway forms the same way, ADR 052).
 */
function formFields(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** `application/x-www-form-urlencoded` bodies in `app`'s scope become plain objects of strings. */
export async function registerFormBody(
  app: FastifyInstance,
  options: { parser?: (body: string) => Record<string, string> } = {},
): Promise<void> {
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT, parser: options.parser ?? formFields });
}
