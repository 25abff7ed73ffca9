import type { z } from 'zod';
import { ALL_ROUTES, type RouteName, type Routes } from './all-routes.ts';
import type { PathParamNames } from './route-paths.ts';

/** What an endpoint's schemas say (ADR 050); each absent one means the call takes none. */
export interface EndpointSchemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The answers by status; a file download (a PDF, a pass) declares none. */
  readonly responses: Readonly<Partial<Record<number, z.ZodType>>>;
}

/** One call of the API: its route (method, path, mount) and its schemas. */
export type Endpoint<
  N extends RouteName = RouteName,
  S extends EndpointSchemas = EndpointSchemas,
> = Routes[N] & S;
export type AnyEndpoint = Endpoint<RouteName, EndpointSchemas>;

/** A route's path parameters must be exactly the params schema's keys: checked as the contract compiles. */
type ParamsMatch<N extends RouteName, S extends EndpointSchemas> = [
  PathParamNames<Routes[N]['path']>,
] extends [never]
  ? S extends { params: z.ZodType }
    ? { params: never }
    : unknown
  : S extends { params: z.ZodType<infer P> }
    ? [keyof P] extends [PathParamNames<Routes[N]['path']>]
      ? [PathParamNames<Routes[N]['path']>] extends [keyof P]
        ? unknown
        : { params: never }
      : { params: never }
    : { params: never };

/**
 * An endpoint of the contract: the route named `name` with the schemas the server validates against and
 * the web parses answers with. The one place a call is defined (ADR 050).
 */
export function defineEndpoint<const N extends RouteName, const S extends EndpointSchemas>(
  name: N,
  schemas: S & ParamsMatch<N, S>,
): Endpoint<N, S> {
  return { ...ALL_ROUTES[name], ...schemas } as Endpoint<N, S>;
}
