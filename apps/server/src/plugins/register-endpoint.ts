import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATH, CONSOLE_API_PATH, type AnyEndpoint, type RouteMount } from '@kippu/contract';

/** Where each mount of the contract's routes (packages/contract/src/routes.ts) is registered. */
export const MOUNT_PREFIXES: Readonly<Record<RouteMount, string>> = {
  api: `/:slug${API_PATH}`,
  site: '/:slug',
  root: '',
  console: CONSOLE_API_PATH,
};

/** What Fastify validates and serializes for an endpoint: its contract schemas, under Fastify's names. */
export type EndpointSchema<E extends AnyEndpoint> = {
  params: E extends { params: infer P } ? P : undefined;
  querystring: E extends { query: infer Q } ? Q : undefined;
  body: E extends { body: infer B } ? B : undefined;
  response: E['responses'];
};

/** A handler whose request.params, query and body, and whose answer, are the endpoint's (inferred). */
export type EndpointHandler<E extends AnyEndpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E>,
  ZodTypeProvider
>;

/**
 * What a route adds to its endpoint: limits, hooks, flags (`config`), and documentation only in `schema`
 * (`tags`, `hide`): its shape is the contract's.
 */
export type EndpointOptions<E extends AnyEndpoint> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    EndpointSchema<E>,
    ZodTypeProvider
  >,
  'schema'
> & { schema?: { tags?: string[]; hide?: boolean } };

/**
 * Registers `endpoint` of the contract (ADR 050) on `app` with its method, path and schemas: the only way an
 * API route is added, so the route table is the contract's (the route-table test checks both ways). `app` is
 * the scope of the endpoint's mount: the API's (`/{site}/api/v1`), the site's, or the root.
 */
export function registerEndpoint<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
): void;
export function registerEndpoint<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointOptions<E>,
  handler: EndpointHandler<E>,
): void;
export function registerEndpoint<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  ...rest: [EndpointHandler<E>] | [EndpointOptions<E>, EndpointHandler<E>]
): void {
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  const schema: FastifySchema = { ...options.schema };
  // Only the schemas the endpoint has: an absent one is no key at all (Fastify and swagger read keys).
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (Object.keys(endpoint.responses).length > 0) schema.response = endpoint.responses;
  app.route({ ...options, method: endpoint.method, url: endpoint.path, schema, handler } as RouteOptions);
}
