import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SIMULATOR_TEST_CARDS } from '@kippu/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../../apps/server/src/db/client.ts';
import { orderByToken, transitionOrders } from '../../../apps/server/src/domain/orders/order-state.ts';
import { GMO_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import type { Benchmark } from '../shared/benchmark.ts';
import { option, positiveInt } from '../shared/args.ts';
import { withBenchDatabase } from '../shared/bench-database.ts';
import { startKillableServer, type KillableServer } from './servers.ts';
import { countOutcomes, seedCheckoutProduct, type Product, type Visit } from './outcomes.ts';

/**
 * crash-checkout (issue 24, ADR 047): card checkouts on several servers sharing one database while servers
 * are killed with SIGKILL at random moments and started again; then it waits for the configured recovery
 * bounds and counts what became of every order that started a payment. The figures are in
 * docs/benchmarks.md; `stuck 0 double_charged 0` is the acceptance.
 */
interface Config {
  processes: number;
  kills: number;
  /** Visitors checking out at once on each server. */
  visitorsPerProcess: number;
  /** The servers' reconcile settings: short, so the run waits seconds, not minutes. */
  intervalMs: number;
  afterMinutes: number;
  /** Random pause before each kill. */
  minGapMs: number;
  maxGapMs: number;
}

function config(args: string[]): Config {
  const int = (name: string, fallback: number) => {
    const value = option(args, name);
    return value ? positiveInt(value, name) : fallback;
  };
  return {
    processes: int('processes', 2),
    kills: int('kills', 10),
    visitorsPerProcess: int('visitors', 4),
    intervalMs: int('interval-ms', 10_000),
    afterMinutes: 0.25,
    minGapMs: int('min-gap-ms', 500),
    maxGapMs: int('max-gap-ms', 3000),
  };
}

/** The servers' gateway time-out: the simulator answers in milliseconds. */
const GATEWAY_TIMEOUT_MS = 5_000;

const XSRF = 'crash-checkout-xsrf';
const HEADERS = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
const API = '/demo/api/v1';
const DEMO_SHOP_ID = 'tshop_test_demo';

let visitors = 0;
const nextVisitor = () => {
  visitors += 1;
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`;
};

async function call(server: KillableServer, path: string, init: RequestInit & { timeoutMs?: number }) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    ...init,
    signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export const crashCheckout: Benchmark = {
  name: 'crash-checkout',
  description:
    'card checkouts on several servers, kill -9 at random moments; nothing stuck, never charged twice',
  async run(args) {
    const cfg = config(args);
    await withBenchDatabase(async (database) => {
      const serverEnv = {
        RECONCILE_INTERVAL_MS: String(cfg.intervalMs),
        RECONCILE_AFTER_MINUTES: String(cfg.afterMinutes),
        RECONCILE_AGAIN_MINUTES: '0.1',
        // A kill between the "exec sent" mark and the ExecTran waits twice this (ADR 047): seconds, not minutes.
        GATEWAY_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS),
        SWEEP_INTERVAL_MS: '1000',
      };
      const start = () => startKillableServer(database.url, serverEnv);
      // The first start seeds the reference data (sites, methods); the others find it there.
      const servers: (KillableServer | null)[] = [await start()];
      for (let i = 1; i < cfg.processes; i++) servers.push(await start());
      // The run's own pool (closed before the database is dropped), as the domain's functions take it.
      const db = drizzle(database.pool) as Db;
      const product = await seedCheckoutProduct(db);
      const alive = () => servers.filter((server): server is KillableServer => server !== null);
      const anyAlive = async () => {
        for (;;) {
          const list = alive();
          if (list.length > 0) return list[randomInt(list.length)]!;
          await sleep(50);
        }
      };

      const readyOrder = async (server: KillableServer) => {
        const visitor = nextVisitor();
        const held = await call(server, `${API}/orders`, {
          method: 'POST',
          headers: { ...HEADERS, 'x-forwarded-for': visitor },
          body: JSON.stringify(orderBody(product)),
        });
        if (held.status !== 201) throw new Error(`hold answered ${held.status}`);
        const token = String(held.body.order_token);
        const put = await call(server, `${API}/orders/${token}`, {
          method: 'PUT',
          headers: { ...HEADERS, 'x-forwarded-for': visitor },
          body: JSON.stringify({
            customer_info: [
              { key: 'fullname', value: 'Hanako Yamada' },
              { key: 'email', value: 'hanako@example.jp' },
            ],
          }),
        });
        if (put.status !== 200) throw new Error(`order form answered ${put.status}`);
        // As the mail-confirmation link would (the DEMO site confirms by mail).
        await transitionOrders(db, {
          orders: orderByToken('DEMO', token),
          to: 'ready_checkout',
          reason: 'mail_confirmed',
        });
        return { token, visitor };
      };
      const cardToken = async (server: KillableServer) => {
        const answer = await call(server, GMO_SIMULATOR_PATHS.tokenApi, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            shopId: DEMO_SHOP_ID,
            cardno: SIMULATOR_TEST_CARDS.visa,
            expire: '3012',
            securitycode: '123',
          }),
        });
        return (answer.body.tokenObject as { token: string[] }).token[0]!;
      };
      const checkout = async (server: KillableServer, order: { token: string; visitor: string }) =>
        call(server, `${API}/orders/checkout/${order.token}`, {
          method: 'POST',
          headers: { ...HEADERS, 'x-forwarded-for': order.visitor },
          body: JSON.stringify({
            payment_method_type: 'gmo',
            token: await cardToken(server),
            masked_card_number: '411111******1111',
          }),
          timeoutMs: 20_000,
        });

      let stopping = false;
      const visits: Visit[] = [];
      const visitor = async () => {
        while (!stopping) {
          let order: { token: string; visitor: string };
          try {
            order = await readyOrder(await anyAlive());
          } catch {
            continue; // its server died before the order was ready: no payment began
          }
          const visit: Visit = { orderToken: order.token, answer: 0, retried: false };
          visits.push(visit);
          try {
            visit.answer = (await checkout(await anyAlive(), order)).status;
          } catch {
            // Cut by a kill: half the visitors close the tab (the reconciler must settle their attempt),
            // the others press "pay" again, on whichever server answers now.
            if (randomInt(2) === 0) continue;
            visit.retried = true;
            await sleep(200);
            try {
              visit.answer = (await checkout(await anyAlive(), order)).status;
            } catch {
              visit.answer = 0;
            }
          }
        }
      };
      const started = Date.now();
      const load = Array.from({ length: cfg.processes * cfg.visitorsPerProcess }, () => visitor());

      for (let kill = 0; kill < cfg.kills; kill++) {
        await sleep(randomInt(cfg.minGapMs, cfg.maxGapMs + 1));
        const index = randomInt(servers.length);
        const victim = servers[index];
        if (!victim) continue;
        servers[index] = null;
        await victim.kill();
        servers[index] = await start();
      }
      stopping = true;
      await Promise.all(load);
      const loadSeconds = (Date.now() - started) / 1000;
      const cut = visits.filter((visit) => visit.answer === 0 || visit.retried).length;

      // The configured bounds: two reconcile intervals for attempts of dead processes (plus the ExecTran
      // window of twice GATEWAY_TIMEOUT_MS when it was marked as sent), the reconcile delay plus an interval
      // for answers lost by live ones; a few seconds more for a loaded machine.
      const boundMs =
        Math.max(
          2 * cfg.intervalMs + 2 * GATEWAY_TIMEOUT_MS,
          cfg.afterMinutes * 60_000 + cfg.intervalMs + 2 * GATEWAY_TIMEOUT_MS,
        ) + 5_000;
      const waitStarted = Date.now();
      let outcome = await countOutcomes(database.pool, product, visits);
      while (outcome.inFlight > 0 && Date.now() - waitStarted < boundMs) {
        await sleep(250);
        outcome = await countOutcomes(database.pool, product, visits);
      }
      const waitedSeconds = (Date.now() - waitStarted) / 1000;
      for (const server of alive()) await server.stop();

      console.log(
        `${cfg.processes} servers, ${cfg.kills} kills -9 in ${loadSeconds.toFixed(1)} s, ` +
          `${visits.length} card checkouts (${cut} cut: ${visits.filter((v) => v.retried).length} retried, ` +
          `the others left); ` +
          `waited ${waitedSeconds.toFixed(1)} s of a ${(boundMs / 1000).toFixed(1)} s bound`,
      );
      console.log(
        `answers: reserved ${outcome.answeredReserved}, declined ${outcome.answeredDeclined}, ` +
          `none ${outcome.answeredNone}; declined although charged ${outcome.failureForCharged}; ` +
          `charged without a reservation ${outcome.chargedUnreserved}; attempts of killed servers ` +
          `settled by the reconciler ${outcome.recoveredByReconciler}, by a retried checkout ${outcome.recoveredByRetry}`,
      );
      console.log(
        `stock: sold ${outcome.sold} (reserved seats ${outcome.reservedSeats}), held ${outcome.held} ` +
          `(seats of unexpired holds ${outcome.openHoldSeats})`,
      );
      console.log(
        `crash-checkout: paid_reserved ${outcome.paidReserved} declined_released ${outcome.declinedReleased} ` +
          `stuck ${outcome.stuck} double_charged ${outcome.doubleCharged}`,
      );
    });
  },
};

function orderBody(product: Product) {
  return {
    lang: 'ja',
    product_uuid: product.uuid,
    time_span_id: product.spanId,
    quantity: 1,
    option_values: [{ option_value_id: product.optionValueId, quantity: 1 }],
    set_products: [],
  };
}
