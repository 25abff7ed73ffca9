import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, SIMULATOR_TEST_CARDS } from '@kippu/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GATEWAY_SIMULATOR_APPLICATION } from '../src/database.ts';
import { createDb, type Db } from '../src/db/client.ts';
import { orderByToken, transitionOrders } from '../src/domain/orders/order-state.ts';
import { GMO_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import { DEMO_SHOP_ID } from './checkout-support.ts';
import { orderBody, productWithSlot, SITE_PATH } from './order-support.ts';
import { spawnServer, type ServerChild } from './server-child.ts';
import { createSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { cloneTemplate } from './test-database.ts';

/** The test's own sessions carry this name, so only the server's backends are terminated. */
const OBSERVER = 'kippu-terminate-test';

interface Answer {
  step: string;
  status: number;
  retryAfter: string | null;
  body: unknown;
  /** A reset connection or any transport failure: never acceptable. */
  failure?: string;
}

/**
 * `pg_terminate_backend` of the server's backends in the middle of their transactions (issue 24, items 1
 * and 5; ADR 046): a real server process with holds, checkouts, the mail worker (an SMTP sink that waits,
 * so the worker sits idle in transaction mid-send) and the hold sweeper running. The process lives on and
 * serves; the requests that were cut answer 503 with Retry-After (never a reset, never a 500); nothing is
 * half-written.
 */
describe('backends terminated under a running server process', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let sink: SmtpSink;
  let server: ServerChild;
  let slot: Awaited<ReturnType<typeof productWithSlot>>;
  const answers: Answer[] = [];
  let visitors = 0;

  beforeAll(async () => {
    const { adminUrl, template } = inject('testDatabase');
    const clone = await cloneTemplate(adminUrl, template);
    drop = clone.drop;
    const observerUrl = new URL(clone.url);
    observerUrl.searchParams.set('application_name', OBSERVER);
    db = createDb(observerUrl.toString(), 6);
    slot = await productWithSlot(db, 10_000);
    // Each mail is accepted after 1.5 s: the worker's transaction sits idle while it waits.
    sink = await createSmtpSink({ acceptDelayMs: 1500 });
    server = await spawnServer({
      DATABASE_URL: clone.url,
      MAIL_URL: sink.url,
      SWEEP_INTERVAL_MS: '200',
      MAIL_WORKER_INTERVAL_MS: '200',
      // One client address per visitor (X-Forwarded-For), as a crowd behind a proxy: hold caps stay out of it.
      TRUST_PROXY: 'loopback',
    });
    await server.ready();
  }, 120_000);

  afterAll(async () => {
    server?.kill();
    await sink?.stop();
    await db?.$client.end();
    await drop?.();
  });

  async function call(step: string, method: string, path: string, body?: unknown, visitor?: string) {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      cookie: 'XSRF-TOKEN=terminate-test',
      'x-xsrf-token': 'terminate-test',
    };
    if (visitor) headers['x-forwarded-for'] = visitor;
    try {
      const response = await fetch(server.baseUrl + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      const answer: Answer = {
        step,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: text ? (JSON.parse(text) as unknown) : null,
      };
      answers.push(answer);
      return answer;
    } catch (error) {
      const answer: Answer = { step, status: 0, retryAfter: null, body: null, failure: String(error) };
      answers.push(answer);
      return answer;
    }
  }

  const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;

  /** Hold, order form, mail confirmation, card token, checkout: stops at the first refused step. */
  async function journey(options: { abandon?: boolean } = {}): Promise<string | undefined> {
    visitors += 1;
    const visitor = `10.24.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`;
    const held = await call('hold', 'POST', `${SITE_PATH}/orders`, orderBody(slot, 1), visitor);
    if (!ok(held)) return undefined;
    const token = (held.body as { order_token: string }).order_token;
    if (options.abandon) return token;
    const form = await call(
      'order form',
      'PUT',
      `${SITE_PATH}/orders/${token}`,
      {
        customer_info: [
          { key: 'fullname', value: 'Hanako Yamada' },
          { key: 'email', value: `visitor${visitors}@example.jp` },
        ],
      },
      visitor,
    );
    if (!ok(form)) return token;
    // What following the confirmation mail's link does (the observer's connection is never cut).
    await transitionOrders(db, {
      orders: orderByToken('DEMO', token),
      to: 'ready_checkout',
      reason: 'mail_confirmed',
    });
    const card = SIMULATOR_TEST_CARDS.visa;
    const tokenAnswer = await call('card token', 'POST', GMO_SIMULATOR_PATHS.tokenApi, {
      shopId: DEMO_SHOP_ID,
      cardno: card,
      expire: '3012',
      securitycode: '123',
      holdername: 'HANAKO YAMADA',
    });
    if (!ok(tokenAnswer)) return token;
    const cardToken = (tokenAnswer.body as { tokenObject: { token: string[] } }).tokenObject.token[0]!;
    await call(
      'checkout',
      'POST',
      `${SITE_PATH}/orders/checkout/${token}`,
      {
        payment_method_type: 'gmo',
        token: cardToken,
        masked_card_number: `${card.slice(0, 6)}******${card.slice(-4)}`,
      },
      visitor,
    );
    return token;
  }

  /**
   * Terminates the server's backends matching `where`; answers how many. Not the gateway simulator's: it
   * stands for another company's server, whose failures answer payment_api_failure as a real gateway's would.
   */
  async function terminate(where: ReturnType<typeof sql>): Promise<number> {
    const { rows } = await db.execute<{ pid: number }>(sql`
      SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
        AND application_name IS DISTINCT FROM ${OBSERVER}
        AND application_name IS DISTINCT FROM ${GATEWAY_SIMULATOR_APPLICATION} AND ${where}`);
    for (const { pid } of rows) await db.execute(sql`SELECT pg_terminate_backend(${pid})`);
    return rows.length;
  }

  async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  }

  async function expectServing(): Promise<void> {
    expect(server.hasExited(), server.output()).toBe(false);
    const response = await fetch(`${server.baseUrl}/borderless/api/v1/langs`);
    expect(response.status).toBe(200);
  }

  function expectCleanAnswers(): void {
    const unclean = answers.filter(
      (answer) =>
        !ok(answer) &&
        !(
          answer.status === 503 &&
          answer.retryAfter !== null &&
          (answer.body as { error?: string } | null)?.error === ERRORS.temporarily_unavailable.message
        ),
    );
    expect(unclean).toEqual([]);
  }

  /** Once the outbox has drained: one delivery per outbox row, none twice, none failed. */
  async function expectEveryMailSentOnce(): Promise<void> {
    await waitFor(
      'the mail outbox to drain',
      async () => {
        const { rows } = await db.execute(sql`SELECT 1 FROM mail_outbox WHERE status = 'pending'`);
        return rows.length === 0;
      },
      60_000,
    );
    const { rows: sent } = await db.execute<{ message_id: string }>(
      sql`SELECT message_id FROM mail_outbox WHERE status = 'sent' ORDER BY id`,
    );
    const received = sink.received.map((mail) => mail.messageId);
    expect(received.length).toBe(sent.length);
    expect(new Set(received).size).toBe(received.length);
    expect(new Set(received)).toEqual(new Set(sent.map((row) => row.message_id)));
    expect((await db.execute(sql`SELECT id FROM mail_outbox WHERE status = 'failed'`)).rows).toEqual([]);
  }

  it('a hold whose transaction is cut while it waits for the stock row answers 503, and the server serves on', async () => {
    const before = answers.length;
    // The test holds the slot's row: the server's hold statement waits for it, mid-transaction.
    const blocker = new pg.Client({ connectionString: db.$client.options.connectionString });
    blocker.on('error', () => undefined);
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM time_spans WHERE id = $1 FOR UPDATE', [slot.spanId]);
    const holds = Promise.all([1, 2, 3].map(() => journey({ abandon: true })));
    const waiting = sql`wait_event_type = 'Lock'`;
    await waitFor('a hold waiting for the row lock', async () => {
      const { rows } = await db.execute(sql`SELECT 1 FROM pg_stat_activity
        WHERE datname = current_database() AND application_name IS DISTINCT FROM ${OBSERVER}
          AND ${waiting}`);
      return rows.length > 0;
    });
    expect(await terminate(waiting)).toBeGreaterThan(0);
    await blocker.query('COMMIT');
    await blocker.end();
    await holds;

    const cut = answers.slice(before).filter((answer) => answer.status === 503);
    expect(cut.length).toBeGreaterThan(0);
    expectCleanAnswers();
    await expectServing();
  }, 60_000);

  it("the mail worker's transaction cut mid-send (idle in transaction): the server lives, the mail goes once", async () => {
    // Completed journeys queue mails (order confirmation and completion).
    for (let i = 0; i < 2; i++) await journey();
    await waitFor(
      "the mail worker's transaction idle while the SMTP server waits",
      async () => (await terminate(sql`state = 'idle in transaction' AND query ILIKE '%mail_outbox%'`)) > 0,
    );
    await expectServing();
    expectCleanAnswers();
    // The mail accepted while its transaction was cut is marked sent on a fresh connection: not sent again.
    await expectEveryMailSentOnce();
    expect(sink.received.length).toBeGreaterThan(0);
  }, 90_000);

  it('terminations at random during holds, checkouts, mail and sweeps: nothing half-written', async () => {
    let stop = false;
    let terminated = 0;
    const terminator = (async () => {
      while (!stop) {
        terminated += await terminate(sql`
          state IN ('active', 'idle in transaction') AND xact_start IS NOT NULL
          AND pid = (SELECT pid FROM pg_stat_activity
                     WHERE datname = current_database() AND backend_type = 'client backend'
                       AND application_name IS DISTINCT FROM ${OBSERVER}
                       AND application_name IS DISTINCT FROM ${GATEWAY_SIMULATOR_APPLICATION}
                       AND state IN ('active', 'idle in transaction')
                     ORDER BY random() LIMIT 1)`);
        await sleep(50 + Math.random() * 150);
      }
    })();
    // Abandoned holds the sweeper releases (their expiry brought forward), among full journeys.
    const abandoned: string[] = [];
    for (let wave = 0; wave < 4; wave++) {
      const tokens = await Promise.all([
        journey(),
        journey(),
        journey(),
        journey({ abandon: true }),
        journey({ abandon: true }),
      ]);
      abandoned.push(...tokens.slice(3).filter((token): token is string => token !== undefined));
      await db.execute(sql`UPDATE orders SET expires_at = now() - interval '1 second'
        WHERE order_token = ANY(${sql.param(abandoned)}) AND status = 'holding'`);
    }
    stop = true;
    await terminator;
    expect(terminated).toBeGreaterThan(0);
    await expectServing();
    expectCleanAnswers();

    // Settled: the sweeper released every expired hold; the worker sends every mail (checked last).
    await waitFor('the sweeper', async () => {
      const { rows } = await db.execute(sql`SELECT 1 FROM orders
        WHERE status IN ('holding', 'ready_checkout') AND expires_at <= now()`);
      return rows.length === 0;
    });

    // Stock counters match the orders.
    const { rows: stock } = await db.execute<{
      held: number;
      sold: number;
      open: number;
      reserved: number;
    }>(sql`
      SELECT t.held, t.sold,
        (SELECT COALESCE(SUM(quantity), 0) FROM orders o
          WHERE o.time_span_id = t.id AND o.status IN ('holding', 'ready_checkout', 'paying'))::int AS open,
        (SELECT COALESCE(SUM(quantity), 0) FROM orders o
          WHERE o.time_span_id = t.id AND o.status = 'reserved')::int AS reserved
      FROM time_spans t WHERE t.id = ${slot.spanId}`);
    expect(stock[0]!.held).toBe(stock[0]!.open);
    expect(stock[0]!.sold).toBe(stock[0]!.reserved);
    expect(stock[0]!.sold).toBeGreaterThan(0);

    // No order in an impossible state: reserved exactly when a payment was taken and a reservation written;
    // paying only with its attempt in flight.
    const { rows: impossible } = await db.execute(sql`
      SELECT o.id, o.status,
        (SELECT count(*) FROM payments p WHERE p.order_id = o.id AND p.status = 'confirmed')::int AS confirmed,
        (SELECT count(*) FROM payments p WHERE p.order_id = o.id AND p.status IN ('created', 'pending'))::int
          AS in_flight,
        (SELECT count(*) FROM reservations r WHERE r.order_id = o.id)::int AS reservations
      FROM orders o WHERE o.time_span_id = ${slot.spanId}
        AND NOT CASE o.status
          WHEN 'reserved' THEN
            (SELECT count(*) FROM payments p WHERE p.order_id = o.id AND p.status = 'confirmed') = 1
            AND EXISTS (SELECT 1 FROM reservations r WHERE r.order_id = o.id)
          WHEN 'paying' THEN
            EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status IN ('created', 'pending'))
          ELSE
            NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'confirmed')
            AND NOT EXISTS (SELECT 1 FROM reservations r WHERE r.order_id = o.id)
        END`);
    expect(impossible).toEqual([]);

    await expectEveryMailSentOnce();
  }, 180_000);
});
