import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from '@kippu/contract/errors';
import { ROUTES } from '@kippu/contract/routes';
import { useDialogStore } from '../stores/dialog-store.ts';
import { useRequestStore } from '../stores/request-store.ts';
import { ApiError, createApiClient, FRESH_READS_AFTER_WRITE_MS, isCancel, sleep, XSRF_HEADER } from './api-client.ts';

/** What the local server saw of each call. */
type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

/**
 * A real HTTP server on a free port standing in for the API: the client runs its real fetch,
 * headers, body encoding and abort paths. Bodies are the contract's `{ error }` strings.
 */
const routes: Record<string, (res: ServerResponse) => void> = {
  'GET /api/v1/langs': (res) => json(res, 200, [{ code: 'ja' }]),
  'GET /api/v1/timechanges/r%2F1/t%201': (res) => json(res, 200, { not: 'the contract' }),
  'DELETE /api/v1/ordercoupons/o-1/7': (res) => json(res, 200, { coupons: [] }),
  'GET /d-account/v1/auth/o-1': (res) => json(res, 404, { error: ERRORS.record_not_found.message }),
  'POST /api/v1/orders': (res) => errorReply(res, 'out_of_stock'),
  'POST /api/v1/ordercoupons/1': (res) => errorReply(res, 'coupon_limit_reached'),
  'PUT /api/v1/orders/1': (res) => json(res, 200, { ok: true }),
  'DELETE /api/v1/orders/1': (res) => errorReply(res, 'invalid_request'),
  'GET /api/v1/mailmagazines/t': (res) => errorReply(res, 'record_not_found'),
  'GET /api/v1/unknown-error': (res) => json(res, 500, { error: 'something new' }),
  'GET /api/v1/plain': (res) => res.writeHead(502, { 'Content-Type': 'text/plain' }).end('Bad gateway'),
  // Never answer: for abort and timeout.
  'GET /api/v1/slow': () => undefined,
  'POST /api/v1/slow': () => undefined,
  // The connection drops without an answer: a network error.
  'GET /api/v1/broken': (res) => res.socket?.destroy(),
};

/** The server's own answer for a catalogue code: its status and `{ error: message }`. */
function errorReply(res: ServerResponse, code: ErrorCode) {
  json(res, ERRORS[code].status, { error: ERRORS[code].message });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

let server: Server;
let baseURL: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const route = routes[`${req.method} ${req.url?.split('?')[0]}`];
      if (route) route(res);
      else json(res, 404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const counters = () => {
  const { fetching, requesting } = useRequestStore.getState();
  return { fetching, requesting };
};
const dialogs = () => useDialogStore.getState().dialogs;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as ApiError,
  );

describe('API client (fetch)', () => {
  beforeEach(() => {
    seen.length = 0;
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('defaults to the site-relative base URL', () => {
    expect(createApiClient().baseURL).toBe('./api/v1/');
  });

  it('GETs JSON with query parameters and counts it as fetching until it succeeds', async () => {
    const client = createApiClient({ baseURL });
    const pending = client.request<{ code: string }[]>('GET', 'langs', undefined, {
      params: { lang: 'en', ids: [3, 4], none: null },
    });
    expect(counters()).toEqual({ fetching: 1, requesting: 0 });
    const response = await pending;
    expect(response.status).toBe(200);
    expect(response.data).toEqual([{ code: 'ja' }]);
    expect(counters()).toEqual({ fetching: 0, requesting: 0 });
    expect(seen[0]?.url).toBe('/api/v1/langs?lang=en&ids=3%2C4');
    expect(seen[0]?.headers.accept).toBe('application/json');
  });

  it('sends the XSRF cookie as X-XSRF-TOKEN on POST and JSON bodies, but not on GET', async () => {
    document.cookie = 'XSRF-TOKEN=abc%2B123';
    const client = createApiClient({ baseURL });
    await client.request('PUT', 'orders/1', { quantity: 2 });
    await client.request('GET', 'langs');
    await failure(client.request('POST', 'orders', { product_uuid: 'p' }, { noErrorDialog: true }));
    const [put, get, post] = seen;
    expect(put?.headers[XSRF_HEADER.toLowerCase()]).toBe('abc+123');
    expect(put?.headers['content-type']).toBe('application/json');
    expect(put?.body).toBe('{"quantity":2}');
    expect(get?.headers[XSRF_HEADER.toLowerCase()]).toBeUndefined();
    expect(post?.method).toBe('POST');
    expect(post?.headers[XSRF_HEADER.toLowerCase()]).toBe('abc+123');
  });

  it("fails a 409 with 'Request failed with status code 409', the status and the body; counts fall back", async () => {
    const client = createApiClient({ baseURL });
    const pending = failure(client.request('POST', 'orders', {}));
    expect(counters()).toEqual({ fetching: 0, requesting: 1 });
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Request failed with status code 409');
    expect(error.status).toBe(409);
    expect(error.response?.data).toEqual({ error: ERRORS.out_of_stock.message });
    expect(counters()).toEqual({ fetching: 0, requesting: 0 });
    expect(useRequestStore.getState().errResponseData).toEqual({ error: ERRORS.out_of_stock.message });
  });

  it('maps a known server error string to its localized dialog keys', async () => {
    await failure(createApiClient({ baseURL }).request('POST', 'ordercoupons/1', { coupon: 'X' }));
    expect(dialogs()).toHaveLength(1);
    expect(dialogs()[0]).toMatchObject({
      titleKey: 'error_dialog_coupon_limit_reached_title',
      textKey: 'error_dialog_coupon_limit_reached_text',
    });
  });

  it("fails a dropped connection with 'Network Error' and the connection dialog", async () => {
    const client = createApiClient({ baseURL });
    const error = await failure(client.request('GET', 'broken'));
    expect(error.message).toBe('Network Error');
    expect(error.response).toBeUndefined();
    expect(counters().fetching).toBe(0);
    expect(useRequestStore.getState().errResponseData).toBeNull();
    expect(dialogs().map((dialog) => dialog.titleKey)).toEqual(['error_dialog_connection_title']);
  });

  it('shows the connection dialog for unknown error strings and non-JSON bodies', async () => {
    const client = createApiClient({ baseURL });
    await failure(client.request('GET', 'unknown-error'));
    const plain = await failure(client.request('GET', 'plain'));
    expect(plain.message).toBe('Request failed with status code 502');
    expect(plain.response?.data).toBe('Bad gateway');
    expect(dialogs().map((dialog) => dialog.titleKey)).toEqual([
      'error_dialog_connection_title',
      'error_dialog_connection_title',
    ]);
  });

  it("fails after the call's timeout with 'timeout of N ms exceeded'; counters fall back", async () => {
    const client = createApiClient({ baseURL });
    const get = failure(client.request('GET', 'slow', undefined, { timeout: 50 }));
    const post = failure(client.request('POST', 'slow', {}, { timeout: 80 }));
    expect(counters()).toEqual({ fetching: 1, requesting: 1 });
    const [getError, postError] = await Promise.all([get, post]);
    expect(getError.message).toBe('timeout of 50 ms exceeded');
    expect(postError.message).toBe('timeout of 80 ms exceeded');
    expect(isCancel(getError)).toBe(false);
    expect(counters()).toEqual({ fetching: 0, requesting: 0 });
  });

  it("falls back on cancel with 'Request aborted', no dialog and no stored body", async () => {
    const client = createApiClient({ baseURL });
    const controller = new AbortController();
    const pending = failure(client.request('GET', 'slow', undefined, { signal: controller.signal }));
    expect(counters().fetching).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    const error = await pending;
    expect(error.message).toBe('Request aborted');
    expect(isCancel(error)).toBe(true);
    expect(counters().fetching).toBe(0);
    expect(dialogs()).toEqual([]);
    expect(useRequestStore.getState().errResponseData).toBeNull();
  });

  it('does not send a call whose signal is already aborted, and still balances the counter', async () => {
    const client = createApiClient({ baseURL });
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      client.request('DELETE', 'orders/1', undefined, { signal: controller.signal }),
    );
    expect(isCancel(error)).toBe(true);
    expect(seen).toEqual([]);
    expect(counters().requesting).toBe(0);
  });

  it('stays silent for statuses a call ignores, but still rejects', async () => {
    const client = createApiClient({ baseURL });
    expect(
      (await failure(client.request('DELETE', 'orders/1', undefined, { ignoredStatuses: [400] }))).status,
    ).toBe(400);
    expect(
      (await failure(client.request('GET', 'mailmagazines/t', undefined, { ignoredStatuses: [404] }))).status,
    ).toBe(404);
    expect(dialogs()).toEqual([]);
    await failure(client.request('GET', 'mailmagazines/t', undefined, { ignoredStatuses: [400] }));
    expect(dialogs()).toHaveLength(1);
  });
});

describe('API client: calls of the contract (ADR 050)', () => {
  beforeEach(() => {
    useDialogStore.setState({ dialogs: [] });
    seen.length = 0;
  });

  it("builds the URL from the route: path parameters encoded, the query as the spec's lists", async () => {
    const client = createApiClient({ baseURL });
    const { data } = await client.call(ROUTES.removeOrderCoupon, { params: { id: 'o-1', couponId: 7 } });
    expect(data).toEqual({ coupons: [] });
    await failure(client.call(ROUTES.dpayAuth, { params: { id: 'o-1' }, noErrorDialog: true }));
    await failure(
      client.call(ROUTES.setProductSearch, {
        query: { lang: 'en', main_product_time_span_ids: [3, 4] },
        noErrorDialog: true,
      }),
    );
    expect(seen.map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/v1/ordercoupons/o-1/7',
      // d払い's calls live under the site's path, two levels above the API's base.
      'GET /d-account/v1/auth/o-1',
      'GET /api/v1/setproducts/search?lang=en&main_product_time_span_ids=3%2C4',
    ]);
  });

  it("checks an answer against the endpoint's schema in tests and fails one that breaks it", async () => {
    const client = createApiClient({ baseURL });
    const call = client.call(ROUTES.timeChange, {
      params: { reservationToken: 'r/1', timechangeToken: 't 1' },
      query: { lang: 'en' },
    });
    await expect(call).rejects.toThrow(/timeChange \(200\) breaks the contract/);
    expect(seen[0]?.url).toBe('/api/v1/timechanges/r%2F1/t%201?lang=en');
  });
});

describe('sleep (the retries’ one pause)', () => {
  it('rejects at once for a signal already aborted, and on a later abort, without waiting the delay', async () => {
    const started = Date.now();
    await expect(sleep(60_000, AbortSignal.abort())).rejects.toThrow('aborted');
    const controller = new AbortController();
    const pause = sleep(60_000, controller.signal);
    controller.abort();
    await expect(pause).rejects.toThrow('aborted');
    expect(Date.now() - started).toBeLessThan(30_000);
    await expect(sleep(1, new AbortController().signal)).resolves.toBeUndefined();
  });
});

describe('reads right after a write skip the browser cache (ADR 123)', () => {
  it("asks the server again ('no-cache') for two seconds after a write succeeded, then uses the cache", async () => {
    const modes: (RequestCache | undefined)[] = [];
    let clock = 1_000_000;
    const realNow = Date.now;
    Date.now = () => clock;
    try {
      const transport = async (_url: RequestInfo | URL, init?: RequestInit) => {
        modes.push(init?.cache);
        const status = init?.method === 'POST' ? 409 : 200;
        return new Response('{}', { status, headers: { 'Content-Type': 'application/json' } });
      };
      const client = createApiClient({ baseURL: 'http://kippu.test/api/v1/', fetch: transport as typeof fetch });
      await client.request('GET', 'availability');
      // A refused write changed nothing of this visitor's: reads keep the cache.
      await failure(client.request('POST', 'orders', {}, { noErrorDialog: true }));
      await client.request('GET', 'availability');
      await client.request('PUT', 'orders/1', {});
      await client.request('GET', 'availability');
      clock += FRESH_READS_AFTER_WRITE_MS - 1;
      await client.request('GET', 'availability');
      clock += 1;
      await client.request('GET', 'availability');
    } finally {
      Date.now = realNow;
    }
    expect(modes).toEqual([undefined, undefined, undefined, undefined, 'no-cache', 'no-cache', undefined]);
  });
});
