import autocannon from 'autocannon';
import { shareOut } from '../shared/spread.ts';
import { BENCH_SLUG, type BenchProduct } from './seed.ts';

// Double-submit XSRF: any token works as long as cookie and header agree.
const XSRF = 'bench-xsrf-token';

export interface HttpResult {
  /** Answered orders (2xx and 409) per second of wall time. */
  reqPerSec: number;
  p99Ms: number;
  ok: number;
  outOfStock: number;
  /** Any other status, socket error or time-out: the endpoint misbehaved. */
  other: number;
  /** Status codes seen besides 2xx and 409, for the report. */
  otherStatuses: Record<string, number>;
}

export function orderBody(product: BenchProduct, spanId: number): string {
  return JSON.stringify({
    lang: 'ja',
    product_uuid: product.uuid,
    time_span_id: spanId,
    quantity: 1,
    option_values: [{ option_value_id: product.optionValueId, quantity: 1 }],
    set_products: [],
  });
}

export function ordersUrl(baseUrl: string): string {
  return `${baseUrl}/${BENCH_SLUG}/api/v1/orders`;
}

export const ORDER_HEADERS = {
  'content-type': 'application/json',
  cookie: `XSRF-TOKEN=${XSRF}`,
  'x-xsrf-token': XSRF,
};

let visitors = 0;

/**
 * A different visitor per order, as at a real sales opening: the server trusts loopback as its proxy
 * (startServer sets TRUST_PROXY), so each X-Forwarded-For address is its own client for the per-client
 * rate limit and hold caps (ADR 015), which the run then measures instead of refusing.
 */
function nextVisitor(): string {
  visitors += 1;
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
}

interface Counted {
  ok: number;
  outOfStock: number;
  other: number;
  otherStatuses: Record<string, number>;
  p99Ms: number;
}

/** One autocannon run of `total` orders over `clients` connections against one server. */
function runOne(
  url: string,
  body: string,
  clients: number,
  total: number,
  answered: () => void,
): Promise<Counted> {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        headers: ORDER_HEADERS,
        body,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, 'x-forwarded-for': nextVisitor() },
            }),
          },
        ],
        connections: clients,
        pipelining: 1,
        amount: total,
        timeout: 30,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    // A time-out or socket error ends a request too (and is reported as a problem of the run).
    instance.on('response', answered);
    instance.on('reqError', answered);
  }).then((result) => {
    const counted: Counted = { ok: 0, outOfStock: 0, other: 0, otherStatuses: {}, p99Ms: result.latency.p99 };
    for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
      const count = stats.count ?? 0;
      const code = Number(status);
      if (code >= 200 && code < 300) counted.ok += count;
      else if (code === 409) counted.outOfStock += count;
      else {
        counted.other += count;
        counted.otherStatuses[status] = count;
      }
    }
    // autocannon counts time-outs among errors.
    if (result.errors > 0) {
      counted.other += result.errors;
      counted.otherStatuses['socket errors/time-outs'] = result.errors;
    }
    return counted;
  });
}

/**
 * `total` order requests for one slot over `clients` keep-alive connections, one request in flight each,
 * shared out among the servers (`--processes`: as a balancer would, each server gets its share of the
 * clients and of the orders, all at once).
 */
export async function runHttp(input: {
  baseUrls: readonly string[];
  product: BenchProduct;
  spanId: number;
  clients: number;
  total: number;
}): Promise<HttpResult> {
  const started = performance.now();
  // autocannon settles a fixed-amount run only at its next one-second sample tick, which would round the
  // run's length up to whole seconds (10 000 orders in 2.2 s would count as 3 s); the run ends at the last
  // answer instead, as pgbench's does.
  let lastAnswer = started;
  const answered = () => {
    lastAnswer = performance.now();
  };
  const servers = input.baseUrls.length;
  const clients = shareOut(Math.max(input.clients, servers), servers);
  const totals = shareOut(input.total, servers);
  const body = orderBody(input.product, input.spanId);
  const runs = await Promise.all(
    input.baseUrls.map((baseUrl, i) => runOne(ordersUrl(baseUrl), body, clients[i]!, totals[i]!, answered)),
  );
  const seconds = Math.max(lastAnswer - started, 1) / 1000;
  const ok = runs.reduce((sum, r) => sum + r.ok, 0);
  const outOfStock = runs.reduce((sum, r) => sum + r.outOfStock, 0);
  const otherStatuses: Record<string, number> = {};
  for (const run of runs)
    for (const [status, count] of Object.entries(run.otherStatuses))
      otherStatuses[status] = (otherStatuses[status] ?? 0) + count;
  return {
    reqPerSec: (ok + outOfStock) / seconds,
    // The worst server's: a balancer's visitors see every server's.
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    ok,
    outOfStock,
    other: runs.reduce((sum, r) => sum + r.other, 0),
    otherStatuses,
  };
}
