import type { z } from 'zod';
import type { Endpoints } from '@kippu/contract/endpoints/all';
import { ERRORS } from '@kippu/contract/errors';
import type { Route, VisitorRouteName, VisitorRoutes } from '@kippu/contract/routes';
import { useBusyStore, type BusyReason } from '../stores/busy-store.ts';
import { useRequestStore } from '../stores/request-store.ts';
import { ApiError, CLIENT_ERROR_MESSAGES, isCancel, type ApiResponse } from './api-error.ts';
import { API_BASE_URL, callUrl } from './call-url.ts';
import { showErrorDialog } from './error-dialog.ts';

export { ApiError, isCancel, type ApiResponse } from './api-error.ts';
export { API_BASE_URL, describeCall, endpointHref } from './call-url.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

type ParamValue = string | number | boolean | null | undefined | readonly (string | number)[];

export type RequestConfig = {
  /** Query parameters; null and undefined are left out, arrays become the spec's comma lists. */
  params?: Record<string, ParamValue>;
  signal?: AbortSignal;
  /** Milliseconds before the call fails with 'timeout of N ms exceeded'; none by default (spec §7). */
  timeout?: number;
  headers?: Record<string, string>;
  /** Statuses this call expects and handles itself: no error dialog (spec §7, e.g. DELETE orders 400). */
  ignoredStatuses?: number[];
  /** The caller shows its own message for every failure. */
  noErrorDialog?: boolean;
  /**
   * Repeating the call is harmless (the server does it at most once). GET, PUT and DELETE are by HTTP's
   * rules; a POST or PATCH only when it says so. Only these are tried again after a `503 temporarily
   * unavailable` (ADR 046).
   */
  idempotent?: boolean;
  /**
   * A call that waits in the background (the waiting room's long poll, up to 20 s): the loading indicator
   * does not count it, so the page neither shows a bar nor announces "loading" the whole time.
   */
  background?: boolean;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route the SPA calls: the API's, and d払い's two under the site's path (packages/contract/src/routes.ts). */
export type CallableRoute = Extract<VisitorRoutes[VisitorRouteName], { mount: 'api' | 'site' }>;
type EndpointOf<R extends CallableRoute> = Endpoints[R['name']];
type Input<S> = S extends z.ZodType ? z.input<S> : never;
/**
 * What the URL carries is text: a path parameter may be given as a number, a query value also as a list
 * (sent as the spec's comma list, which the schema reads).
 */
type InUrl<T, Extra> = { [K in keyof T]: T[K] | Extra };
/** A part the caller may leave out when every field of it is optional (a query of filters). */
type Part<K extends string, T> = [T] extends [never]
  ? { [P in K]?: never }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T };
type Success = 200 | 201 | 202 | 204;

/** What a call sends: its path parameters, query and body, as the endpoint's schemas take them. */
export type CallInput<E> = Part<'params', E extends { params: infer P } ? InUrl<Input<P>, number> : never> &
  Part<
    'query',
    E extends { query: infer Q } ? InUrl<Input<Q>, number | readonly (string | number)[]> : never
  > &
  Part<'body', E extends { body: infer B } ? Input<B> : never>;

/** The answer of a successful call: the endpoint's 2xx schemas' output (unknown for a file download). */
export type Answer<E> = E extends { responses: infer Rs }
  ? [
      {
        [K in keyof Rs]: K extends Success ? (Rs[K] extends z.ZodType ? z.output<Rs[K]> : never) : never;
      }[keyof Rs],
    ] extends [never]
    ? unknown
    : {
        [K in keyof Rs]: K extends Success ? (Rs[K] extends z.ZodType ? z.output<Rs[K]> : never) : never;
      }[keyof Rs]
  : unknown;

/** A call's input and its transport settings; whether it may be repeated is the route's (`idempotent`). */
export type CallOptions<R extends CallableRoute> = CallInput<EndpointOf<R>> &
  Omit<RequestConfig, 'params' | 'idempotent'>;

export type ApiClient = {
  readonly baseURL: string;
  /**
   * Calls an endpoint of the contract (ADR 050): `api.call(ROUTES.createOrder, { body })`. Path, method and
   * whether a `503 temporarily unavailable` may be retried come from the route; in development and tests the
   * answer is checked against the endpoint's response schema.
   */
  call<R extends CallableRoute>(
    route: R,
    ...options: object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>]
  ): Promise<ApiResponse<Answer<EndpointOf<R>>>>;
  /** The transport under `call`, by method and URL relative to the base: for the client's own tests. */
  request<T>(method: Method, url: string, body?: unknown, config?: RequestConfig): Promise<ApiResponse<T>>;
};

export type ApiClientOptions = {
  /** Defaults to the site-relative './api/v1/' resolved against the page. */
  baseURL?: string;
  /** The transport; tests pass their own. Looked up at call time so a late polyfill still applies. */
  fetch?: typeof fetch;
};

/**
 * How long after a write in this tab its reads skip the browser's own cache. Catalogue and availability
 * answers may be kept for a second (`public, max-age=1`, ADR 123); the server answers the visitor who just
 * held or bought `private, no-store` (the `kippu-read-after` cookie), but only if the browser asks it: a copy
 * kept from just before the write would show their seats as still free. Two seconds cover that second and
 * the answer's travel.
 */
export const FRESH_READS_AFTER_WRITE_MS = 2000;

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

function buildUrl(baseURL: string, url: string, params: RequestConfig['params']): string {
  const base = typeof document === 'undefined' ? undefined : document.baseURI;
  const target = new URL(baseURL + url, base);
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined) continue;
    target.searchParams.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return target.href;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

/** JSON when it parses, the raw text otherwise, '' for an empty body (as the spec's old client did). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Why an in-flight fetch stopped: the caller's signal, our timer, or the network. */
function transportError(thrown: unknown, cancelled: boolean, timedOut: number | undefined): ApiError {
  if (thrown instanceof ApiError) return thrown;
  if (timedOut !== undefined) return new ApiError(CLIENT_ERROR_MESSAGES.timeout(timedOut), 'ECONNABORTED');
  if (cancelled) return new ApiError(CLIENT_ERROR_MESSAGES.aborted, 'ERR_CANCELED');
  return new ApiError(CLIENT_ERROR_MESSAGES.network, 'ERR_NETWORK');
}

/**
 * Automatic tries after a `503 server busy` (ADR 034) or `503 temporarily unavailable` (the database is
 * away, ADR 046) before the error's dialog is shown.
 */
export const BUSY_RETRIES = 4;
const BUSY_MAX_DELAY_MS = 8000;

const IDEMPOTENT_METHODS: ReadonlySet<Method> = new Set(['GET', 'PUT', 'DELETE']);

/**
 * Why a 503 asks to be tried again, or null when it must not be. `server busy` was refused before any
 * work (ADR 034): always again. `temporarily unavailable` only for a call that may safely run twice: the
 * database may have committed a create (a hold, an order) before the connection was cut, and the answer
 * was lost (ADR 046); the visitor sees the dialog and decides.
 */
function retryReason(response: Response, data: unknown, idempotent: boolean): BusyReason | null {
  if (response.status !== 503 || typeof data !== 'object' || data === null) return null;
  const error = (data as { error?: unknown }).error;
  if (error === ERRORS.server_busy.message) return 'busy';
  if (error === ERRORS.temporarily_unavailable.message && idempotent) return 'unavailable';
  return null;
}

/**
 * How long to wait before try `attempt` (0-based): the server's Retry-After, doubled each time, capped,
 * with jitter so that the visitors refused together do not all come back in the same instant.
 */
export function busyDelayMs(attempt: number, retryAfter: string | null, random = Math.random): number {
  const seconds = Number(retryAfter);
  const base = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
  const delay = Math.min(base * 2 ** attempt, BUSY_MAX_DELAY_MS);
  return Math.round(delay * (0.75 + random() * 0.5));
}

/** Waits `ms`, or rejects as soon as `signal` aborts (at once if it already has): the one pause of the page's retries. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('aborted'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function shouldShowDialog(error: ApiError, config: RequestConfig): boolean {
  if (isCancel(error) || config.noErrorDialog) return false;
  return !(error.status !== undefined && config.ignoredStatuses?.includes(error.status));
}

/**
 * The one HTTP client (spec §7), on the platform's fetch. Relative base URL: every site's page lives
 * at /{slug}/, so calls go to /{slug}/api/v1/... Counters rise the moment a call starts (so the loader
 * shows at once) and fall exactly once when it succeeds, fails or is cancelled.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseURL = options.baseURL ?? API_BASE_URL;
  let lastWriteAt = Number.NEGATIVE_INFINITY;

  async function send<T>(
    method: Method,
    url: string,
    body: unknown,
    config: RequestConfig,
  ): Promise<ApiResponse<T>> {
    const headers = new Headers({ Accept: 'application/json', ...config.headers });
    // The server checks the double-submit token on every non-GET (architecture §8); GETs change
    // nothing, so the token is not spread over calls that do not need it.
    const token = method === 'GET' ? undefined : readCookie(XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);

    // One controller per call joins the caller's signal and the timeout, so either stops the transfer.
    const controller = new AbortController();
    let timedOut: number | undefined;
    const onCallerAbort = () => controller.abort();
    if (config.signal?.aborted) controller.abort();
    config.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const timer =
      config.timeout && config.timeout > 0
        ? setTimeout(() => {
            timedOut = config.timeout;
            controller.abort();
          }, config.timeout)
        : undefined;

    // 'no-cache' revalidates with the server, which sees the read-after cookie (FRESH_READS_AFTER_WRITE_MS).
    const cache: RequestCache | undefined =
      method === 'GET' && Date.now() - lastWriteAt < FRESH_READS_AFTER_WRITE_MS ? 'no-cache' : undefined;
    try {
      const transport = options.fetch ?? fetch;
      let response: Response;
      let data: unknown;
      // A refused call (503 server busy) did nothing on the server, a hold included: wait and try again,
      // saying so on screen, before showing an error (ADR 034). A call the database failed (503
      // temporarily unavailable) the same, when running it twice is harmless (ADR 046).
      const idempotent = config.idempotent ?? IDEMPOTENT_METHODS.has(method);
      for (let attempt = 0; ; attempt += 1) {
        response = await transport(buildUrl(baseURL, url, config.params), {
          method,
          headers,
          body: encodeBody(body, headers),
          credentials: 'same-origin',
          signal: controller.signal,
          ...(cache ? { cache } : {}),
        });
        data = await readBody(response);
        const reason = retryReason(response, data, idempotent);
        if (attempt >= BUSY_RETRIES || reason === null) break;
        const delay = busyDelayMs(attempt, response.headers.get('Retry-After'));
        const busy = useBusyStore.getState();
        busy.startWaiting(Date.now() + delay, reason);
        try {
          await sleep(delay, controller.signal);
        } finally {
          useBusyStore.getState().stopWaiting();
        }
      }
      const result: ApiResponse<T> = {
        data: data as T,
        status: response.status,
        headers: response.headers,
      };
      if (response.status >= 200 && response.status < 300) {
        if (method !== 'GET') lastWriteAt = Date.now();
        return result;
      }
      const code = response.status < 500 ? 'ERR_BAD_REQUEST' : 'ERR_BAD_RESPONSE';
      throw new ApiError(CLIENT_ERROR_MESSAGES.status(response.status), code, result);
    } catch (thrown) {
      throw transportError(thrown, controller.signal.aborted, timedOut);
    } finally {
      clearTimeout(timer);
      config.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  function request<T>(
    method: Method,
    url: string,
    body?: unknown,
    config: RequestConfig = {},
  ): Promise<ApiResponse<T>> {
    const counters = useRequestStore.getState();
    const counted = !config.background;
    if (counted) counters.start(method);
    return send<T>(method, url, body, config).then(
      (response) => {
        if (counted) counters.finish(method);
        return response;
      },
      (error: ApiError) => {
        if (counted) counters.finish(method);
        if (!isCancel(error)) useRequestStore.getState().setErrResponseData(error.response?.data ?? null);
        if (shouldShowDialog(error, config)) showErrorDialog(error.response?.data, { method, url });
        throw error;
      },
    );
  }

  async function call<R extends CallableRoute>(
    route: R,
    options: CallOptions<R> = {} as CallOptions<R>,
  ): Promise<ApiResponse<Answer<EndpointOf<R>>>> {
    const { params, query, body, ...config } = options as RequestConfig & {
      params?: Record<string, string | number>;
      query?: RequestConfig['params'];
      body?: unknown;
    };
    const url = callUrl(route, params);
    const response = await request<Answer<EndpointOf<R>>>(route.method, url, body, {
      ...config,
      params: query,
      idempotent: (route as Route).idempotent,
    });
    // Production trusts the server (zod and the schemas would weigh on every screen); development and tests
    // check each answer, so a server that drifts from the contract fails where it is seen.
    if (import.meta.env.DEV || import.meta.env.MODE === 'test') await checkAnswer(route.name, response);
    return response;
  }

  return { baseURL, call, request } as ApiClient;
}

/**
 * Checks an answer against its endpoint's schema for its status (none for a file download): a mismatch
 * throws, naming the call and the fields. The value is not replaced by zod's output, so development sees
 * exactly what production gets. The contract's schemas load only here, lazily, and only in development and
 * tests: the production build drops this call and the import with it.
 */
async function checkAnswer(name: VisitorRouteName, response: ApiResponse<unknown>): Promise<void> {
  const { ENDPOINTS } = await import('@kippu/contract/endpoints/all');
  const responses: Partial<Record<number, z.ZodType>> = ENDPOINTS[name].responses;
  const schema = responses[response.status];
  if (!schema) return;
  const checked = schema.safeParse(response.data);
  if (!checked.success) {
    throw new Error(
      `The answer of ${name} (${response.status}) breaks the contract: ${checked.error.message}`,
    );
  }
}

export const api = createApiClient();
