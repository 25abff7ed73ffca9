import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { StockHolder } from '../domain/stock/hold-types.ts';
import { AppError } from '../shared/app-error.ts';
import { shared, type DatabaseProbe } from './database-probe.ts';

/** What a pool tells about itself (pg's Pool). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The process's Prometheus metrics (issue 31, ADR 099), one registry per app (tests build many apps in one
 * process). On the request path only counters and one histogram observation per request; everything read
 * from the database (orders, payments, the mail outbox) is read when Prometheus scrapes, in one statement on
 * the probe's own connection, never per request.
 */
export interface Metrics {
  readonly registry: Registry;
  /** The exposition's content type (Prometheus text format). */
  readonly contentType: string;
  /** The exposition: the process's metrics, then this app's. */
  text(): Promise<string>;
  /** Counts the holds and refused holds of the app's one stock holder (ADR 007), by channel and by reason. */
  countHolds(holder: StockHolder): StockHolder;
  /** Reports a connection pool's in-use, idle and waiting counts at each scrape. */
  addPool(name: string, pool: PoolCounts): void;
  /** Reports the overload guard's API requests in flight and its refusals (ADR 034) at each scrape. */
  addOverloadGuard(guard: { stats(): { inFlight: number; shed: number } }): void;
  /** Request rate and latency by route pattern, refusals by catalogue code. */
  register(app: FastifyInstance): void;
  /** One answered request, for answers made in front of Fastify as its onResponse hook counts them (ADR 098). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/** Seconds; from a kept answer's fraction of a millisecond to a slow payment call. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const OPEN_ORDER_STATES = ['holding', 'ready_checkout', 'paying'];
const IN_FLIGHT_PAYMENT_STATES = ['created', 'pending'];
const WAITING_ROOM_PLACE_STATES = ['waiting', 'admitted'];

/**
 * The scrape's one statement: work in progress by state, each part read through a partial index, so its cost
 * follows the open work, not the history: open orders (orders_hold_expiry_idx), payments in flight
 * (payments_in_flight_idx) and stuck (payments_stuck_idx), the outbox's pending mails (mail_outbox_due_idx).
 * Finished orders and payments are not counted: a whole-table count took 250 ms per million orders on this
 * machine under load, past the probe's 2 s limit at some eight million; their totals are the console reports'.
 */
const STATE_COUNTS = `
  SELECT 'orders' AS kind, status AS state, count(*)::int AS n FROM orders
    WHERE status IN ('holding', 'ready_checkout', 'paying') GROUP BY status
  UNION ALL SELECT 'payments', status, count(*)::int FROM payments WHERE status IN ('created', 'pending') GROUP BY status
  UNION ALL SELECT 'payments_stuck', 'stuck', count(*)::int FROM payments WHERE stuck_at IS NOT NULL
  UNION ALL SELECT 'mail_outbox', 'pending', count(*)::int FROM mail_outbox WHERE status = 'pending'
  UNION ALL SELECT 'waiting_room', e.state, count(*)::int
    FROM waiting_room_entries e JOIN waiting_room_queues q ON q.id = e.queue_id AND q.ended_at IS NULL
   WHERE e.state IN ('waiting', 'admitted') GROUP BY e.state
  UNION ALL SELECT 'waiting_room_pace', product_id::text, admission_pace_milli FROM waiting_room_queues
   WHERE ended_at IS NULL AND admission_pace_milli IS NOT NULL`;

type StateCounts = Map<string, Map<string, number>>;

/**
 * A gauge per state of one kind, filled from the scrape's one read (`read`, shared by every gauge of the
 * scrape: prom-client collects them all at once). States seen once stay, at 0, when their rows are gone (a
 * series must not vanish); no figures at all when the read failed, rather than stale ones.
 */
function stateGauge(
  registry: Registry,
  name: string,
  help: string,
  kind: string,
  states: readonly string[],
  read: () => Promise<StateCounts | null>,
) {
  // Every known state from the first scrape on, at 0 when none: an alert rule needs the series to exist.
  const seen = new Set<string>(states);
  return new Gauge({
    name,
    help,
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const counts = await read();
      if (!counts) return this.reset();
      const own = counts.get(kind) ?? new Map<string, number>();
      for (const state of own.keys()) seen.add(state);
      for (const state of seen) this.set({ state }, own.get(state) ?? 0);
    },
  });
}

let processRegistry: Registry | undefined;

/**
 * Process CPU and memory, and the event loop's delay (perf_hooks' histogram, sampled every 20 ms): once per
 * process, whatever the number of apps in it (tests build dozens; each would start a sampler of its own).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

export function createMetrics(probe: DatabaseProbe): Metrics {
  const registry = new Registry();
  const processWide = processMetrics();

  const requests = new Histogram({
    name: 'kippu_http_request_duration_seconds',
    help: 'HTTP requests answered by the app (rate: _count), by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'kippu_refusals_total',
    help: 'Requests refused with a catalogue error, by its code (too_many_holds, out_of_stock, ...)',
    labelNames: ['reason'],
    registers: [registry],
  });
  const holds = new Counter({
    name: 'kippu_holds_total',
    help: 'Temporary orders that took stock, by sales channel',
    labelNames: ['channel'],
    registers: [registry],
  });
  const holdRefusals = new Counter({
    name: 'kippu_hold_refusals_total',
    help: 'Holds refused by the stock holder, by reason (out_of_stock, too_many_holds, not_on_sale, ...)',
    labelNames: ['reason'],
    registers: [registry],
  });

  const pools = new Map<string, PoolCounts>();
  new Gauge({
    name: 'kippu_db_pool_connections',
    help: 'Connections of each database pool, in use or idle',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      for (const [pool, counts] of pools) {
        this.set({ pool, state: 'in_use' }, counts.totalCount - counts.idleCount);
        this.set({ pool, state: 'idle' }, counts.idleCount);
      }
    },
  });
  new Gauge({
    name: 'kippu_db_pool_waiting',
    help: 'Queries waiting for a free connection, per database pool',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      for (const [pool, counts] of pools) this.set({ pool }, counts.waitingCount);
    },
  });

  let guardStats: () => { inFlight: number; shed: number } = () => ({ inFlight: 0, shed: 0 });
  new Gauge({
    name: 'kippu_api_in_flight',
    help: 'API requests in flight, as the overload guard counts them',
    registers: [registry],
    collect() {
      this.set(guardStats().inFlight);
    },
  });
  new Counter({
    name: 'kippu_overload_shed_total',
    help: 'API requests the overload guard answered 503 server busy before Fastify saw them (ADR 034)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(guardStats().shed);
    },
  });

  const readStates = shared(async (): Promise<StateCounts | null> => {
    try {
      const rows = await probe.query<{ kind: string; state: string; n: number }>(STATE_COUNTS);
      const counts: StateCounts = new Map();
      for (const row of rows) {
        if (!counts.has(row.kind)) counts.set(row.kind, new Map());
        counts.get(row.kind)!.set(row.state, row.n);
      }
      return counts;
    } catch {
      // The scrape itself still answers, with kippu_database_up 0.
      return null;
    }
  });
  stateGauge(
    registry,
    'kippu_orders_open',
    'Orders not yet reserved nor released, by state (read at scrape time)',
    'orders',
    OPEN_ORDER_STATES,
    readStates,
  );
  stateGauge(
    registry,
    'kippu_payments_in_flight',
    'Payments started and not yet settled, by state (read at scrape time)',
    'payments',
    IN_FLIGHT_PAYMENT_STATES,
    readStates,
  );
  new Gauge({
    name: 'kippu_payments_stuck',
    help: 'Payments the gateway left unsettled past PAYMENT_STUCK_AFTER_HOURS, listed for staff (read at scrape time)',
    registers: [registry],
    async collect() {
      const counts = await readStates();
      if (!counts) return this.reset();
      this.set(counts.get('payments_stuck')?.get('stuck') ?? 0);
    },
  });
  stateGauge(
    registry,
    'kippu_waiting_room_places',
    'Places in the waiting rooms in force: waiting, and admitted but not yet held (read at scrape time)',
    'waiting_room',
    WAITING_ROOM_PLACE_STATES,
    readStates,
  );
  new Gauge({
    name: 'kippu_waiting_room_admission_pace',
    help: "Share of each queue's admission rate admitted now, by product id: below 1 while answers are slow (ADR 133)",
    labelNames: ['product'],
    registers: [registry],
    async collect() {
      // Only the queues in force: an ended run's series goes (a pace of nothing is not 0).
      this.reset();
      const counts = await readStates();
      for (const [product, milli] of counts?.get('waiting_room_pace') ?? [])
        this.set({ product }, milli / 1000);
    },
  });
  new Gauge({
    name: 'kippu_mail_outbox_pending',
    help: 'Mails waiting in the outbox: its depth (read at scrape time)',
    registers: [registry],
    async collect() {
      const counts = await readStates();
      if (!counts) return this.reset();
      this.set(counts.get('mail_outbox')?.get('pending') ?? 0);
    },
  });
  new Gauge({
    name: 'kippu_database_up',
    help: "1 when the scrape's database read answered within its timeout",
    registers: [registry],
    async collect() {
      this.set((await readStates()) ? 1 : 0);
    },
  });

  return {
    registry,
    contentType: registry.contentType,
    async text() {
      const [ofProcess, ofApp] = await Promise.all([processWide.metrics(), registry.metrics()]);
      return `${ofProcess}${ofApp}`;
    },
    countHolds(holder) {
      return {
        async hold(request) {
          try {
            const held = await holder.hold(request);
            holds.inc({ channel: request.channel });
            return held;
          } catch (error) {
            holdRefusals.inc({ reason: error instanceof AppError ? error.code : 'error' });
            throw error;
          }
        },
      };
    },
    addPool(name, pool) {
      pools.set(name, pool);
    },
    addOverloadGuard(guard) {
      guardStats = () => guard.stats();
    },
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route, status }, seconds);
    },
    register(app) {
      app.addHook('onResponse', (request, reply, done) => {
        // The route's pattern, never the URL: a label per path a scanner tries would grow without bound.
        const route = request.routeOptions.url ?? 'unmatched';
        requests.observe(
          { method: request.method, route, status: reply.statusCode },
          reply.elapsedTime / 1000,
        );
        done();
      });
      app.addHook('onError', (_request, _reply, error, done) => {
        if (error instanceof AppError) refusals.inc({ reason: error.code });
        done();
      });
    },
  };
}
