import { ERRORS, type WaitingRoomEntry } from '@kippu/contract';
import type { BenchProduct } from '../hot-slot/seed.ts';
import { BENCH_SLUG } from '../hot-slot/seed.ts';
import { orderBody } from '../hot-slot/http-run.ts';
import type { Answer, Client } from './http-client.ts';

const API = `/${BENCH_SLUG}/api/v1`;
const XSRF = 'bench-xsrf-token';
/** A refused (503 busy, 429) or failed request is tried again after Retry-After, else this long, plus up to as much again at random (so refused visitors do not all come back at once). */
const RETRY_MS = 1000;

/** What happened to one visitor, for the report. */
export interface VisitorRecord {
  index: number;
  /** When its first join was sent (Date.now()): arrival order is the order of these. */
  arrivedAt: number;
  admittedAt?: number;
  /** It holds a seat (`POST /orders` answered 201). */
  held: boolean;
  /** It bought the seat: the checkout answered `reserved` (the seat is sold, it cannot come back). */
  paid: boolean;
  /** Latency of every `POST /orders` it sent once admitted (or once the queue closed). */
  holdMs: number[];
  /** Latency of each request of the purchase after the hold, by step (form, mail, link, checkout). */
  stepMs: Record<string, number[]>;
  /** Every admitted request (the hold and the purchase's): when it was sent and how long it took. */
  admittedCalls: { sentAt: number; ms: number }[];
  joinMs: number[];
  /** The place of its first join (the token's entry id) and the server that gave it, for the report. */
  entryId?: number;
  joinServer?: string;
  /** The request that told it nothing is left (the sold-out state, or an out-of-stock hold): sent, answered. */
  soldOut?: { askedAt: number; toldAt: number };
  /** Answers outside the flow (other statuses, errors), by kind. */
  problems: string[];
  /** 503 and 429 answers and network errors it waited out and tried again, by kind. */
  refused: Record<string, number>;
  polls: number;
  done: boolean;
}

export interface VisitorContext {
  client: Client;
  baseUrls: readonly string[];
  product: BenchProduct;
  spanId: number;
  /** Date.now() after which a visitor still waiting gives up (counted unfinished). */
  deadline: number;
  /** Round robin over the servers, per request (a balancer without affinity). */
  nextServer: () => string;
  /** Stamp each request with `X-Request-Start` as a balancer does (config `requestStart`). */
  requestStart: boolean;
  /** Added to the visitor's index for its address and e-mail: the warm-up's visitors are other people. */
  identityOffset: number;
  /** The mail-confirmation link's token the server mailed for the order (the visitor reads their mail). */
  mailTokenOf: (orderToken: string) => Promise<string | undefined>;
}

const errorOf = (answer: Answer) =>
  typeof answer.body === 'object' && answer.body !== null
    ? (answer.body as { error?: unknown }).error
    : undefined;

const isEntry = (body: unknown): body is WaitingRoomEntry =>
  typeof body === 'object' && body !== null && 'state' in body && 'token' in body;

/** A visitor's record as it arrives now: nothing done yet. */
export function newVisitorRecord(index: number): VisitorRecord {
  return {
    index,
    arrivedAt: Date.now(),
    held: false,
    paid: false,
    holdMs: [],
    stepMs: {},
    admittedCalls: [],
    joinMs: [],
    problems: [],
    refused: {},
    polls: 0,
    done: false,
  };
}

/**
 * One visitor as the page goes (ADR 095's flow): join the product's queue, long-poll the place until it is
 * admitted, hold one ticket and buy it (a free ticket: form, mail link, checkout). A seat only held may come
 * back, so the queue says "sold out" only once every seat is bought (ADR 095).
 * Told "sold out" (by the queue, or by a hold refused as out of stock) it stops; an expired admission joins
 * again at the back; the queue closing lets it order directly. Cookies are kept as a browser keeps them.
 */
export async function visit(index: number, context: VisitorContext): Promise<VisitorRecord> {
  const record = newVisitorRecord(index);
  const cookies = new Map<string, string>([['XSRF-TOKEN', XSRF]]);
  const person = index + context.identityOffset;
  const address = `10.${(person >> 16) & 255}.${(person >> 8) & 255}.${person & 255}`;
  const productId = context.product.id;

  let lastServer = '';
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Answer> => {
    for (;;) {
      const headers: Record<string, string> = {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-forwarded-for': address,
        'accept-language': 'ja',
      };
      // The balancer's receipt time (nginx `t=${msec}`), which the servers trust from loopback.
      if (context.requestStart) headers['x-request-start'] = `t=${Date.now()}`;
      if (method !== 'GET') {
        headers['content-type'] = 'application/json';
        headers['x-xsrf-token'] = XSRF;
      }
      let answer: Answer;
      const server = context.nextServer();
      lastServer = server;
      try {
        answer = await context.client.request(
          server,
          method,
          path,
          headers,
          body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        );
      } catch (error) {
        // A reset or a time-out: the page shows a network error and tries again.
        if (Date.now() > context.deadline) throw error;
        const kind = `network: ${(error as Error).message}`;
        record.refused[kind] = (record.refused[kind] ?? 0) + 1;
        await new Promise((r) => setTimeout(r, RETRY_MS * (1 + Math.random())));
        continue;
      }
      for (const line of answer.setCookies) {
        const pair = line.split(';', 1)[0]!;
        const eq = pair.indexOf('=');
        if (eq > 0) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      if ((answer.status !== 503 && answer.status !== 429) || Date.now() > context.deadline) return answer;
      record.refused[answer.status] = (record.refused[answer.status] ?? 0) + 1;
      const waitMs = (answer.retryAfter ?? 0) * 1000 || RETRY_MS;
      await new Promise((r) => setTimeout(r, waitMs * (1 + Math.random())));
    }
  };
  const problem = (what: string, answer: Answer) =>
    record.problems.push(`${what} ${answer.status} ${String(errorOf(answer) ?? '').slice(0, 60)}`);

  const join = async (): Promise<WaitingRoomEntry | undefined> => {
    const answer = await call('POST', `${API}/waiting-room/entries`, { product_id: productId });
    record.joinMs.push(answer.answeredAt - answer.sentAt);
    if (answer.status === 200 && isEntry(answer.body)) {
      // `q1.<product>.<entry>.<tag>` (ADR 095): the place's entry id, to compare positions with arrivals.
      record.entryId ??= Number(answer.body.token.split('.')[2]) || undefined;
      record.joinServer ??= lastServer;
      return answer.body;
    }
    problem('join', answer);
    return undefined;
  };

  /**
   * Buys the held seat as the page does on a site that confirms the address by mail (every reference
   * site): the order form, the mail, the mailed link, then the checkout. The product is free, so the
   * checkout settles without a gateway (ADR 095, "The benchmark pays"). True when it answered `reserved`.
   */
  const pay = async (orderToken: string): Promise<boolean> => {
    const step = async (what: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
      const answer = await call(method, path, body);
      (record.stepMs[what] ??= []).push(answer.answeredAt - answer.sentAt);
      record.admittedCalls.push({ sentAt: answer.sentAt, ms: answer.answeredAt - answer.sentAt });
      const ok = answer.status === 200 || answer.status === 201;
      if (!ok) problem(what, answer);
      return ok ? answer : undefined;
    };
    const form = await step('order form', 'PUT', `${API}/orders/${orderToken}`, {
      customer_info: [
        { key: 'fullname', value: 'Hanako Yamada' },
        { key: 'email', value: `visitor${person}@example.jp` },
        // BORDERLESS asks for a telephone number (seed/field-templates.ts).
        { key: 'phone', value: '0312345678' },
      ],
    });
    if (!form) return false;
    if (!(await step('mail', 'POST', `${API}/ordermails/${orderToken}`, { lang: 'ja' }))) return false;
    const mailToken = await context.mailTokenOf(orderToken);
    if (!mailToken) {
      record.problems.push('mail: no confirmation link');
      return false;
    }
    if (!(await step('mail link', 'GET', `${API}/ordermails/${mailToken}`))) return false;
    const checkout = await step('checkout', 'POST', `${API}/orders/checkout/${orderToken}`, {
      payment_method_type: 'free',
    });
    const status = (checkout?.body as { status?: unknown } | undefined)?.status;
    if (checkout && status !== 'reserved') record.problems.push(`checkout: ${String(status)}`);
    return status === 'reserved';
  };

  /** The one hold of an admitted visitor (or of anyone once the queue closed). */
  const hold = async (): Promise<'held' | 'sold_out' | 'again' | 'failed'> => {
    const answer = await call('POST', `${API}/orders`, orderBody(context.product, context.spanId));
    record.holdMs.push(answer.answeredAt - answer.sentAt);
    record.admittedCalls.push({ sentAt: answer.sentAt, ms: answer.answeredAt - answer.sentAt });
    if (answer.status === 201 || answer.status === 200) {
      record.held = true;
      record.paid = await pay(String((answer.body as { order_token?: unknown }).order_token));
      return 'held';
    }
    const error = errorOf(answer);
    if (answer.status === 409 && error === ERRORS.out_of_stock.message) {
      record.soldOut = { askedAt: answer.sentAt, toldAt: answer.answeredAt };
      return 'sold_out';
    }
    if (
      answer.status === 409 &&
      (error === ERRORS.waiting_room_admission_expired.message ||
        error === ERRORS.waiting_room_required.message)
    ) {
      problem('hold', answer);
      return 'again';
    }
    problem('hold', answer);
    return 'failed';
  };

  let entry = await join();
  while (entry && Date.now() < context.deadline) {
    if (entry.state === 'waiting') {
      record.polls += 1;
      const answer = await call(
        'GET',
        `${API}/waiting-room/entries/current?product_id=${productId}&wait=1&seen=${entry.state}`,
      );
      if (answer.status === 200 && isEntry(answer.body)) {
        entry = answer.body;
        if (entry.state === 'sold_out')
          record.soldOut = { askedAt: answer.sentAt, toldAt: answer.answeredAt };
      } else if (answer.status === 404) {
        // The place is gone (a cookie the server no longer knows): join again, as the page does.
        problem('poll', answer);
        entry = await join();
      } else {
        problem('poll', answer);
        return record;
      }
      continue;
    }
    if (entry.state === 'sold_out') {
      record.soldOut ??= { askedAt: record.arrivedAt, toldAt: Date.now() };
      record.done = true;
      return record;
    }
    if (entry.state === 'expired') {
      entry = await join();
      continue;
    }
    // admitted, or closed (anyone may order): hold one ticket.
    if (entry.state === 'admitted') record.admittedAt ??= Date.now();
    const outcome = await hold();
    if (outcome === 'held' || outcome === 'sold_out') {
      record.done = true;
      return record;
    }
    if (outcome === 'failed') return record;
    entry = await join();
  }
  return record;
}
