import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import type { LoggerOptions } from 'pino';
import { stdSerializers } from 'pino';
import { containsSecret, SECRET_HEADERS, secretKeys, secretValuesIn } from '@kippu/contract';
import type { z } from 'zod';

/**
 * Tokens never reach the logs (issue 24, ADR 049). What is secret is read from the contract's one marker
 * (`secretToken`, packages/contract/src/secret.ts) on every route's schemas as the route is registered, so
 * a token added to the contract later is redacted without a line here:
 * - the `req` serializer writes the URL with every marked path parameter and query value replaced by
 *   `[redacted]` (unmatched URLs and a wildcard's tail keep only the route table's words, see `redactPath`),
 *   and no headers;
 * - a request's own log (errors, warnings, Fastify's lines) has the secret values of that request (marked
 *   parameters, query and body fields, the gate key) replaced wherever they appear: a database error's detail
 *   or a message that quotes the URL cannot carry them out. Only routes that take secrets or change state
 *   get the hooks that gather those values (see `needsScrubbing`): the catalogue reads pay nothing for it;
 * - pino's `redact` removes the secret headers (SECRET_HEADERS) from anything that logs a request's headers.
 * The app-wide log (workers, reconciliation) knows no request: its lines name attempts by numeric id.
 */
export const REDACTED = '[redacted]';

/** Secret values shorter than this are not searched for in log lines (they would match innocent text). */
const MIN_SCRUBBED_LENGTH = 6;

interface RouteSecrets {
  params: ReadonlySet<string>;
  /** No marked path parameter and no wildcard: a matched URL's path is logged as it is. */
  plainPath: boolean;
  query: ReadonlySet<string>;
  /** The query keys the route declares (undefined: no object schema, every key is unknown). */
  declaredQuery: ReadonlySet<string> | undefined;
  /** The body schema, when any of its fields is marked. */
  body: z.core.$ZodType | undefined;
}

const SECRETS = Symbol('kippu.logSecrets');
type RequestLogger = FastifyRequest['log'] & { [SECRETS]?: string[] };

type Schema = z.core.$ZodType | undefined;

/** The top-level keys an object schema declares (a query's names), undefined for anything else. */
function declaredKeys(schema: Schema): Set<string> | undefined {
  let s = schema;
  for (let i = 0; s && i < 8; i += 1) {
    const def = s._zod.def as unknown as { type: string; shape?: object; innerType?: Schema; in?: Schema };
    if (def.type === 'object' && def.shape) return new Set(Object.keys(def.shape));
    s = def.innerType ?? def.in;
  }
  return undefined;
}

/** The one secret-value replacer: every occurrence, raw and percent-encoded. */
function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret && out.includes(encoded)) out = out.split(encoded).join(REDACTED);
  }
  return out;
}

/** A log argument with the secrets replaced: strings, plain objects and arrays walked, errors serialized first. */
function scrubValue(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value, secrets);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, secrets, depth + 1));
  // An error is serialized as pino would (message, stack, causes, a query's params), then scrubbed.
  const source = value instanceof Error ? stdSerializers.err(value) : value;
  const proto = Object.getPrototypeOf(value);
  // Requests and replies are left to their serializers (`req` is redacted there).
  if (source === value && proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(source)) out[key] = scrubValue(item, secrets, depth + 1);
  return out;
}

/** The secret headers whose values are looked for in log lines (a cookie's are never quoted whole). */
const SCRUBBED_HEADERS = SECRET_HEADERS.filter((header) => header !== 'cookie');

/**
 * Whether a route's requests may carry a secret value that a log line could quote: it declares a marked
 * path parameter, query value or body field, or it changes state (an unsafe method: the XSRF token rides on
 * it, and its body may be quoted by an error), or it is a gate call (`X-Gate-Key`). A read that declares no
 * secret (the catalogue, ADR 033's hot path) takes no value a line could quote: its URL is redacted by the
 * `req` serializer and its headers by pino's `redact`, whatever it is sent.
 */
function needsScrubbing(
  route: RouteOptions,
  secrets: RouteSecrets,
  params: readonly string[],
  query: readonly string[],
): boolean {
  if (params.length > 0 || query.length > 0 || secrets.body) return true;
  const methods = [route.method].flat();
  if (methods.some((method) => method !== 'GET' && method !== 'HEAD')) return true;
  return route.url.split('/').includes('gate');
}

/** The hooks this file set, so a route's options seen twice (a prefix's `/` and `''`) get them once. */
const OWN_HOOKS = new WeakSet<object>();

/** Puts a hook first among a route's own hooks of that kind (they run after the app-wide ones). */
function prepend(
  route: RouteOptions,
  name: 'onRequest' | 'preHandler',
  hook: onRequestHookHandler | preHandlerHookHandler,
): void {
  const options = route as unknown as Record<string, unknown>;
  const existing = options[name] === undefined ? [] : [options[name]].flat();
  if (existing.some((other) => OWN_HOOKS.has(other as object))) return;
  OWN_HOOKS.add(hook);
  options[name] = [hook, ...existing];
}

function valuesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

export interface LogRedaction {
  /** Pino options: the `req` serializer, the secret headers' redaction, the per-request scrubbing hook. */
  loggerOptions: Pick<LoggerOptions, 'serializers' | 'redact' | 'hooks'>;
  /**
   * Reads every route's marked schemas as it is registered (app.ts, first) and, with `scrub`, gives the
   * routes that take secrets the hooks that scrub their requests' log.
   */
  register(app: FastifyInstance, options: { scrub: boolean }): void;
  /** The URL as it is logged. */
  redactUrl(url: string, routeUrl: string | undefined, method: string | undefined): string;
  /** Every route's path parameters and declared query names, each with whether it is redacted (tests). */
  routes(): RouteView[];
  /**
   * A secret the handler made (a new link's token it is about to store or mail): scrubbed from that
   * request's own log like the request's own tokens, so a database error quoting the row cannot carry it out.
   */
  rememberSecret(request: FastifyRequest, value: string): void;
}

export interface RouteView {
  method: string;
  url: string;
  params: { name: string; secret: boolean }[];
  query: { name: string; secret: boolean }[];
  /** Whether its requests run the hooks that gather their secret values for the log (`needsScrubbing`). */
  scrubbed: boolean;
}

export function createLogRedaction(): LogRedaction {
  const routes = new Map<string, RouteSecrets>();
  const views: RouteView[] = [];
  /** Literal path segments of the route table: an unmatched URL keeps only these. */
  const words = new Set<string>();
  /** Names marked secret anywhere (parameters, queries, bodies): redacted in any URL's query. */
  const secretNames = new Set<string>();
  /** Query names some route declares and none marks: kept in a query its route does not declare. */
  const publicQueryNames = new Set<string>();

  /** Whether routes get the hooks that gather their requests' secret values (a logger is on). */
  let scrubbing = false;

  const routeKey = (method: string, url: string) => `${method} ${url}`;
  const secretsOf = (method: string | undefined, url: string | undefined): RouteSecrets | undefined => {
    if (!url) return undefined;
    return routes.get(routeKey(method ?? 'GET', url)) ?? routes.get(routeKey('GET', url));
  };

  const onRoute = (route: RouteOptions) => {
    // Only zod schemas carry the marker; a plain JSON schema (a plugin's route) declares nothing secret.
    const zodOf = (value: unknown): Schema =>
      typeof value === 'object' && value !== null && '_zod' in value ? (value as z.core.$ZodType) : undefined;
    const given = (route.schema ?? {}) as Record<string, unknown>;
    const schema = {
      params: zodOf(given.params),
      querystring: zodOf(given.querystring),
      body: zodOf(given.body),
    };
    const params = secretKeys(schema.params);
    const query = secretKeys(schema.querystring);
    const bodyKeys = secretKeys(schema.body);
    const declaredQuery = declaredKeys(schema.querystring);
    const secrets: RouteSecrets = {
      params: new Set(params),
      plainPath: params.length === 0 && !route.url.includes('*'),
      query: new Set(query),
      declaredQuery,
      body: schema.body && containsSecret(schema.body) ? schema.body : undefined,
    };
    const scrubbed = scrubbing && needsScrubbing(route, secrets, params, query);
    for (const method of [route.method].flat()) {
      routes.set(routeKey(method, route.url), secrets);
      views.push({
        method,
        url: route.url,
        params: route.url
          .split('/')
          .filter((segment) => segment.startsWith(':'))
          .map((segment) => ({ name: segment.slice(1), secret: secrets.params.has(segment.slice(1)) })),
        query: [...(declaredQuery ?? [])].map((name) => ({ name, secret: secrets.query.has(name) })),
        scrubbed,
      });
    }
    for (const segment of route.url.split('/')) {
      if (segment && !segment.startsWith(':') && !segment.includes('*')) words.add(segment);
    }
    for (const name of [...params, ...query, ...bodyKeys]) {
      secretNames.add(name);
      publicQueryNames.delete(name);
    }
    for (const name of declaredQuery ?? []) if (!secretNames.has(name)) publicQueryNames.add(name);
    if (scrubbed) addScrubHooks(route, secrets, params);
  };

  /**
   * A route's hooks that gather its request's secret values for the log (`remember`), set on the route
   * itself, so a route without any pays nothing per request (ADR 049). They run after the app-wide
   * `onRequest` hooks (site, XSRF, rate limits), whose messages and errors quote no request value.
   */
  const addScrubHooks = (route: RouteOptions, secrets: RouteSecrets, params: readonly string[]) => {
    const onRequest: onRequestHookHandler = (request, _reply, done) => {
      const values: string[] = [];
      const given = request.params as Record<string, unknown> | undefined;
      for (const name of params) values.push(...valuesOf(given?.[name]));
      const asked = request.query as Record<string, unknown> | undefined;
      // Every name marked anywhere, not only this route's: an undeclared `?token=` is someone's token.
      if (asked) for (const name in asked) if (secretNames.has(name)) values.push(...valuesOf(asked[name]));
      for (const header of SCRUBBED_HEADERS) values.push(...valuesOf(request.headers[header]));
      remember(request, values);
      done();
    };
    prepend(route, 'onRequest', onRequest);
    const body = secrets.body;
    if (body) {
      const preHandler: preHandlerHookHandler = (request, _reply, done) => {
        remember(request, secretValuesIn(body, request.body));
        done();
      };
      prepend(route, 'preHandler', preHandler);
    }
  };

  /** A path segment of an unmatched URL or a wildcard's tail: kept when it is a word of the route table. */
  const strictSegment = (segment: string, index: number) => {
    if (segment === '' || words.has(segment)) return segment;
    // A site slug in first place, a short lower-case word (a folder: `assets`) or a file name
    // (`index-4f3a.js`): no token of the app has these shapes (22 random characters, or keys with capitals).
    if (index === 1 && /^[a-z0-9][a-z0-9-]{0,31}$/.test(segment)) return segment;
    if (/^[a-z][a-z-]{0,15}$/.test(segment)) return segment;
    if (/^[\w-]{1,80}\.[A-Za-z0-9]{1,8}$/.test(segment)) return segment;
    return REDACTED;
  };

  const redactPath = (path: string, routeUrl: string | undefined, secrets: RouteSecrets | undefined) => {
    const segments = path.split('/');
    const pattern = routeUrl?.split('/');
    const wildcard = pattern ? pattern.findIndex((p) => p.includes('*')) : -1;
    const aligned =
      pattern !== undefined &&
      (wildcard >= 0 ? segments.length >= pattern.length : segments.length === pattern.length);
    return segments
      .map((segment, i) => {
        if (!aligned || (wildcard >= 0 && i >= wildcard)) return strictSegment(segment, i);
        const part = pattern[i]!;
        if (!part.startsWith(':')) return segment;
        return secrets?.params.has(part.slice(1)) ? REDACTED : segment;
      })
      .join('/');
  };

  const redactQuery = (query: string, secrets: RouteSecrets | undefined) =>
    query
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        const rawKey = eq < 0 ? pair : pair.slice(0, eq);
        let key = rawKey;
        try {
          key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
        } catch {
          return REDACTED;
        }
        const declared = secrets?.declaredQuery;
        const keep =
          !secrets?.query.has(key) &&
          !secretNames.has(key) &&
          (declared?.has(key) === true || publicQueryNames.has(key));
        return keep || eq < 0 ? pair : `${rawKey}=${REDACTED}`;
      })
      .join('&');

  const redactUrl = (url: string, routeUrl: string | undefined, method: string | undefined) => {
    const secrets = secretsOf(method, routeUrl);
    const q = url.indexOf('?');
    // The common case (a catalogue read): a matched route with nothing secret in its path.
    if (secrets?.plainPath && q < 0) return url;
    const path = secrets?.plainPath
      ? url.slice(0, q)
      : redactPath(q < 0 ? url : url.slice(0, q), routeUrl, secrets);
    return q < 0 ? path : `${path}?${redactQuery(url.slice(q + 1), secrets)}`;
  };

  /** Fastify's request (`routeOptions`) or Node's raw one (no route known: the strict rule throughout). */
  const req = (request: FastifyRequest) => {
    const route = (request as Partial<FastifyRequest>).routeOptions;
    return {
      method: request.method,
      url: redactUrl(request.url ?? '', route?.url, route?.method as string | undefined),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  };

  const remember = (request: FastifyRequest, values: string[]) => {
    const found = values.filter((v) => v.length >= MIN_SCRUBBED_LENGTH);
    if (found.length === 0) return;
    const log = request.log as RequestLogger;
    log[SECRETS] = [...(log[SECRETS] ?? []), ...found];
  };

  return {
    rememberSecret: (request, value) => remember(request, [value]),
    loggerOptions: {
      serializers: { req },
      redact: {
        paths: SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `headers["${h}"]`]),
        censor: REDACTED,
      },
      hooks: {
        // `this` is the logger that logs: a request's own child carries that request's secrets.
        logMethod(args, method) {
          const secrets = (this as RequestLogger)[SECRETS];
          if (!secrets) return method.apply(this, args);
          return method.apply(this, args.map((arg) => scrubValue(arg, secrets)) as Parameters<typeof method>);
        },
      },
    },
    register(app, { scrub }) {
      // Without a logger there is nothing to scrub: no hooks at all then (tests, benchmarks).
      scrubbing = scrub;
      app.addHook('onRoute', onRoute);
    },
    redactUrl,
    routes: () => views,
  };
}
