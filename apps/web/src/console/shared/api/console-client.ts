import type { CallInput, Answer } from '../../../shared/api/api-client.ts';
import type { Endpoints } from '@kippu/contract/endpoints/all';
import type { RouteName, Routes } from '@kippu/contract/all-routes';
// From route-paths, which holds no route table: routes.ts would bring the visitors' table (ADR 067).
import { CONSOLE_API_PATH } from '@kippu/contract/route-paths';

export { CONSOLE_API_PATH };

/** A route of the console's API (mount `console`, under `/console/api/v1`). */
export type ConsoleRoute = Extract<Routes[RouteName], { mount: 'console' }>;
type EndpointOf<R extends ConsoleRoute> = R['name'] extends keyof Endpoints ? Endpoints[R['name']] : never;
export type ConsoleInput<R extends ConsoleRoute> = CallInput<EndpointOf<R>>;
export type ConsoleAnswer<R extends ConsoleRoute> = Answer<EndpointOf<R>>;

/** The header the console's CSRF check reads on every write (the token comes with GET /session). */
export const CSRF_HEADER = 'x-console-csrf';

/**
 * The console text key of an error body's string: `error_` and the string in snake case ('console sign in
 * failed' → `error_console_sign_in_failed`). Derived from the string rather than looked up in the error
 * catalogue: the catalogue's module is in the visitor app's shared chunk, which would bring the visitor's
 * router and stores into the console's first screen (ADR 067). console-texts.test.ts ties every catalogue
 * code a console screen can meet to a text.
 */
export function errorTextKey(error: string): string {
  return `error_${error
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')}`;
}

/**
 * A failed console call: the one error body's string (`error`), or `connection` when no answer came.
 */
export class ConsoleApiError extends Error {
  override readonly name = 'ConsoleApiError';
  constructor(
    readonly status: number,
    readonly error: string,
    readonly issues: readonly { path: string; message: string }[] = [],
  ) {
    super(error);
  }
  get textKey(): string {
    return errorTextKey(this.error);
  }
}

let csrfToken: string | undefined;
/** The session's CSRF token, kept in memory only: set from every GET /session answer. */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

type Reauthenticate = () => Promise<boolean>;
let reauthenticate: Reauthenticate | undefined;
/**
 * Who asks for the password again when the API answers `console_reauthentication_required` (the shell's
 * dialog). The call is then sent once more, so a screen never handles re-authentication itself.
 */
export function onReauthenticationRequired(handler: Reauthenticate | undefined): void {
  reauthenticate = handler;
}

function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_all, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

type Io = { params?: object; query?: object; body?: unknown };
type Target = Pick<ConsoleRoute, 'method' | 'path'>;

/** A call's address (path and query) under the console's API: for consoleCall and consoleDownload. */
export function urlOf(route: Target, input: Io): string {
  const url = new URL(
    CONSOLE_API_PATH + pathOf(route.path, input.params as Record<string, unknown>),
    typeof document === 'undefined' ? 'http://localhost' : document.baseURI,
  );
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    url.searchParams.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return url.pathname + url.search;
}

async function send(route: Target, input: Io) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (route.method !== 'GET' && csrfToken) headers[CSRF_HEADER] = csrfToken;
  let body: string | undefined;
  if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body);
  }
  try {
    return await fetch(urlOf(route, input), {
      method: route.method,
      headers,
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ConsoleApiError(0, 'connection');
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorOf(status: number, body: unknown): ConsoleApiError {
  const { error, issues } = (body ?? {}) as { error?: unknown; issues?: unknown };
  return new ConsoleApiError(
    status,
    typeof error === 'string' ? error : '',
    Array.isArray(issues) ? issues : [],
  );
}

/**
 * Calls a console endpoint of the contract: `consoleCall(ROUTES.consoleSession)`. Same-origin cookies carry the
 * session; writes carry the CSRF header. An error answer becomes a ConsoleApiError with the catalogue's code.
 */
export async function consoleCall<R extends ConsoleRoute>(
  route: R,
  input: ConsoleInput<R> = {} as ConsoleInput<R>,
): Promise<ConsoleAnswer<R>> {
  return (await consoleRequest(route, input as Io)) as ConsoleAnswer<R>;
}

/** The transport under consoleCall, by method and path: for the session calls and the client's tests. */
export async function consoleRequest(route: Target, io: Io = {}): Promise<unknown> {
  let response = await send(route, io);
  let body = await readJson(response);
  if (!response.ok && reauthenticate && errorOf(response.status, body).error === REAUTHENTICATION_REQUIRED) {
    if (await reauthenticate()) {
      response = await send(route, io);
      body = await readJson(response);
    }
  }
  if (!response.ok) throw errorOf(response.status, body);
  return body;
}

/** ERRORS.console_reauthentication_required's string (the client test holds them equal). */
export const REAUTHENTICATION_REQUIRED = 'console reauthentication required';
