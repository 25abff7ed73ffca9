import { request as httpRequest } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import { createDb, type Db } from '../src/db/client.ts';
import { cloneTemplate } from './test-database.ts';

const METRICS_TOKEN = 'metrics-token-for-the-fast-404-test-0123';

interface Served {
  app: App;
  port: number;
  /** Log lines since the last call. */
  lines: string[];
  /** URLs Fastify's own request cycle saw (an onRequest hook): the fast 404 never reaches it. */
  routed: string[];
}

interface Answer {
  status: number;
  headers: string[];
  body: string;
  log: unknown[];
}

type Call = [method: string, path: string, headers?: Record<string, string>, body?: string];

/** One app on the shared database, listening, logging at info into `lines`. */
async function serve(db: Db, url: string, fastNotFound: boolean): Promise<Served> {
  const stream = new PassThrough();
  const served = { lines: [] as string[], routed: [] as string[] } as Served;
  stream.on('data', (chunk) => served.lines.push(...String(chunk).split('\n').filter(Boolean)));
  // TRUST_PROXY: the loopback proxy names the client, its scheme and host (ip, host, the cookie's Secure flag).
  const env = loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    LOG_LEVEL: 'info',
    TRUST_PROXY: '127.0.0.1',
    METRICS_TOKEN,
  });
  served.app = await buildApp({ env, db, webDistDir: '/nonexistent/', logStream: stream, fastNotFound });
  served.app.addHook('onRequest', (request, _reply, done) => {
    served.routed.push(`${request.method} ${request.raw.url}`);
    done();
  });
  await served.app.listen({ port: 0, host: '127.0.0.1' });
  served.port = (served.app.server.address() as { port: number }).port;
  return served;
}

/** A raw HTTP call (the fast 404 lives in Node's handler: inject would skip it). */
function call(port: number, [method, path, headers = {}, body]: Call): Promise<Omit<Answer, 'log'>> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { host: 'kippu.test', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.rawHeaders, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** What varies by request and not by who answered: the request id, the XSRF token, the date, the timings. */
function comparable(answer: Omit<Answer, 'log'>, lines: string[]): Answer {
  const headers = answer.headers.map((value, i) => {
    const name = answer.headers[i - 1]?.toLowerCase();
    if (i % 2 === 0) return value.toLowerCase();
    if (name === 'x-request-id' && !value.startsWith('given-')) return '<id>';
    if (name === 'date') return '<date>';
    return name === 'set-cookie' ? value.replace(/^XSRF-TOKEN=[\w-]{32};/, 'XSRF-TOKEN=<token>;') : value;
  });
  const log = lines.map((line) => {
    const { time: _t, responseTime, reqId, req, ...rest } = JSON.parse(line) as Record<string, unknown>;
    const request = req as Record<string, unknown> | undefined;
    return {
      ...rest,
      reqId: typeof reqId === 'string' && reqId.startsWith('given-') ? reqId : typeof reqId,
      responseTime: typeof responseTime,
      ...(request ? { req: { ...request, remotePort: typeof request.remotePort } } : {}),
    };
  });
  return { ...answer, headers, log };
}

/** An answer's headers by (lowercase) name. */
function headersOf(answer: Answer): Map<string, string> {
  const pairs = new Map<string, string>();
  for (let i = 0; i < answer.headers.length; i += 2) pairs.set(answer.headers[i]!, answer.headers[i + 1]!);
  return pairs;
}

/** An API path (spa.ts isApiPath): `/{slug}/api/...` or `/api/...`. */
const API_PATH = /^\/(?:[^/?#]+\/)?api\//;

async function settled(served: Served): Promise<string[]> {
  // "request completed" is written when the response finishes, after the client may have read it.
  for (let i = 0; i < 50 && !served.lines.some((l) => l.includes('request completed')); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return served.lines.splice(0);
}

async function answersOf(served: Served, calls: Call[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const c of calls) {
    served.lines.length = 0;
    const answer = await call(served.port, c);
    answers.push(comparable(answer, await settled(served)));
  }
  return answers;
}

/** The request histogram's 404 series (counts only: durations differ). */
async function notFoundCounts(served: Served): Promise<string[]> {
  const res = await served.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return res.body
    .split('\n')
    .filter((line) => line.startsWith('kippu_http_request_duration_seconds_count') && line.includes('"404"'));
}

const proxied = {
  'x-forwarded-for': '203.0.113.9',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'shop.example',
};

/** Paths no route serves, answered the one JSON 404 (ADR 098). */
const UNMATCHED: Call[] = [
  ['GET', '/borderless/api/v1/nope'],
  ['GET', '/api/v1/nope'],
  ['GET', '/no-such-site/api/v1/nope?x=1&token=abc'],
  ['GET', '/borderless/api/v1/n%C3%B6pe%2F..'],
  ['HEAD', '/borderless/api/v1/nope'],
  ['POST', '/borderless/api/v1/nope'],
  ['DELETE', '/wp-admin.php'],
  ['POST', '/borderless/some/page'],
  ['PATCH', '/console/api/v1/nope'],
  ['PUT', '/borderless/api/v1/nope', { 'content-length': '0' }, ''],
  ['OPTIONS', '/borderless/api/v1/orders'],
  ['GET', '/borderless/api/v1/nope', { cookie: 'XSRF-TOKEN=kept; other=1', 'x-request-id': 'given-id.1' }],
  ['GET', '/borderless/api/v1/nope', proxied],
];

/** Paths Fastify answers otherwise (a page, a redirect, a route, a refused URL, a body to read). */
const MATCHED: Call[] = [
  ['GET', '/robots.txt'],
  ['GET', '/borderless/tickets'],
  ['GET', '/borderless/some/page'],
  ['GET', '/nope/deeper'],
  ['GET', '/borderless/api/v1/configurations'],
  ['GET', '/borderless/tickets/api/v1/nope'],
  ['GET', '/borderless/api/v1/%zz'],
  // An encoded "api" is routed by the wildcard as a page: isApiPath reads the raw URL (spa.ts).
  ['GET', '/borderless/%61pi/v1/nope'],
  ['POST', '/borderless/api/v1/nope', { 'content-type': 'application/json' }, '{"a":'],
  ['POST', '/borderless/api/v1/nope', { 'content-type': 'text/x-unknown' }, 'x'],
  ['POST', '/borderless/api/v1/nope', { 'content-length': '2' }, '{}'],
];

describe('the JSON 404 in front of Fastify (ADR 098)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let fast: Served;
  let framework: Served;

  beforeAll(async () => {
    const { adminUrl, template } = inject('testDatabase');
    const clone = await cloneTemplate(adminUrl, template);
    drop = clone.drop;
    db = createDb(clone.url, 10);
    fast = await serve(db, clone.url, true);
    framework = await serve(db, clone.url, false);
  });
  afterAll(async () => {
    await fast?.app.close();
    await framework?.app.close();
    await db?.$client.end();
    await drop?.();
  });

  it("answers unmatched paths itself, with Fastify's status, headers, body, log lines and metrics", async () => {
    const expected = await answersOf(framework, UNMATCHED);
    const got = await answersOf(fast, UNMATCHED);
    for (const [i, [method, path]] of UNMATCHED.entries()) {
      expect(got[i], `${method} ${path}`).toEqual(expected[i]);
      expect(got[i]!.status).toBe(404);
    }
    // The log at info has Fastify's two lines per request; a given safe id is kept.
    expect(got[0]!.log.map((line) => (line as { msg: string }).msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
    // Behind the trusted proxy: its client, host and scheme (the cookie's Secure flag), as Fastify reads them.
    expect(got.at(-1)!.headers.join('\n')).toContain('XSRF-TOKEN=<token>; Path=/; Secure; SameSite=Lax');
    expect(got.at(-1)!.log[0]).toMatchObject({ req: { host: 'shop.example', remoteAddress: '203.0.113.9' } });
    expect(got.at(-2)!.headers.join('\n')).not.toContain('XSRF-TOKEN');
    // An API path's 404 is an API answer: the API's lean pair, no page headers (ADR 098). Elsewhere (a POST to
    // a page path, a scanner's DELETE) the 404 keeps the page's headers.
    for (const [i, [method, path]] of UNMATCHED.entries()) {
      const headers = headersOf(got[i]!);
      expect(headers.get('x-content-type-options'), `${method} ${path}`).toBe('nosniff');
      expect(headers.get('cross-origin-resource-policy'), `${method} ${path}`).toBe('same-origin');
      if (API_PATH.test(path)) {
        expect(headers.has('content-security-policy'), `${method} ${path}`).toBe(false);
        expect(headers.has('x-frame-options'), `${method} ${path}`).toBe(false);
        expect(headers.has('strict-transport-security'), `${method} ${path}`).toBe(false);
      } else {
        expect(headers.get('content-security-policy'), `${method} ${path}`).toContain("default-src 'self'");
        expect(headers.has('x-frame-options'), `${method} ${path}`).toBe(true);
      }
    }
    expect(UNMATCHED.filter(([, path]) => !API_PATH.test(path))).toHaveLength(2);
    // Fastify's own cycle never saw them.
    expect(fast.routed).toEqual([]);
    expect(framework.routed).toHaveLength(UNMATCHED.length);
    expect(await notFoundCounts(fast)).toEqual(await notFoundCounts(framework));
  });

  it('leaves to Fastify every path it answers otherwise', async () => {
    fast.routed.length = 0;
    const expected = await answersOf(framework, MATCHED);
    const got = await answersOf(fast, MATCHED);
    for (const [i, [method, path]] of MATCHED.entries()) {
      expect(got[i], `${method} ${path}`).toEqual(expected[i]);
    }
    // Every one reached Fastify's cycle, except the refused URL, which Fastify answers before its hooks.
    // (rewritten first: a tickets sub-site's URL is routed as the site's own)
    const routed = MATCHED.filter(([, path]) => !path.includes('%zz')).map(([m, p]) => `${m} ${p}`);
    expect(fast.routed).toEqual(routed.map((line) => line.replace('/tickets/api/', '/api/')));
    expect(got.map((answer) => answer.status)).toEqual(expected.map((answer) => answer.status));
    // A tickets sub-site's API miss (rewritten to the site's API path) is Fastify's API 404: the lean pair.
    const ticketsMiss = headersOf(got[MATCHED.findIndex(([, path]) => path.includes('/tickets/api/'))]!);
    expect(ticketsMiss.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(ticketsMiss.has('content-security-policy')).toBe(false);
    // A page keeps the page's headers.
    const page = headersOf(got[MATCHED.findIndex(([, path]) => path === '/borderless/some/page')]!);
    expect(page.get('content-security-policy')).toContain("default-src 'self'");
  });
});
