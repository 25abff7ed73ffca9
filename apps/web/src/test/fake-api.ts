import { vi } from 'vitest';
import { ERRORS, type ErrorCode } from '@kippu/contract/errors';

/** One call the screen made, as the fake API saw it. */
export type SeenCall = { method: string; path: string; query: URLSearchParams; body: unknown };

/** An answer: a status and a JSON body. */
export type FakeReply = { status: number; body: unknown };
type Handler = (call: SeenCall) => FakeReply | Promise<FakeReply>;

export const ok = (body: unknown): FakeReply => ({ status: 200, body });
export const created = (body: unknown): FakeReply => ({ status: 201, body });
/** The server's own answer for a catalogue code: its status and `{ error: message }`. */
export const serverError = (code: ErrorCode): FakeReply => ({
  status: ERRORS[code].status,
  body: { error: ERRORS[code].message },
});

/**
 * Stands in for the API by replacing the global fetch: `routes` are keyed `"METHOD path"` with the path
 * after /api/v1/ and without the query (`"PUT orders/t1"`); anything else answers 404. Every call is
 * recorded in `calls`. Undo with vi.unstubAllGlobals() after the test.
 */
export function fakeApi(routes: Record<string, Handler | FakeReply>) {
  const calls: SeenCall[] = [];
  const fetchDouble = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const path = url.pathname.replace(/^.*\/api\/v1\//, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: SeenCall = { method, path, query: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    const reply =
      route === undefined
        ? { status: 404, body: {} }
        : typeof route === 'function'
          ? await route(call)
          : route;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchDouble);
  return { calls, fetch: fetchDouble };
}
