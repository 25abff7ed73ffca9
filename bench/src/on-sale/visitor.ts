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
  /** Latency of every `POST /orders` it sent once admitted (or once the queue closed). */
  holdMs: number[];
  joinMs: number[];
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
}

const errorOf = (answer: Answer) =>
  typeof answer.body === 'object' && answer.body !== null
    ? (answer.body as { error?: unknown }).error
    : undefined;

const isEntry = (body: unknown): body is WaitingRoomEntry =>
  typeof body === 'object' && body !== null && 'state' in body && 'token' in body;

/**
 * One visitor as the page goes (ADR 095's flow): join the product's queue, long-poll the place until it is
 * admitted, hold one ticket, and stop there (paying is not part of what is counted: a held seat is a seat).
 * Told "sold out" (by the queue, or by a hold refused as out of stock) it stops; an expired admission joins
 * again at the back; the queue closing lets it order directly. Cookies are kept as a browser keeps them.
 */
export async function visit(index: number, context: VisitorContext): Promise<VisitorRecord> {
  const record: VisitorRecord = {
    index,
    arrivedAt: Date.now(),
    held: false,
    holdMs: [],
    joinMs: [],
    problems: [],
    refused: {},
    polls: 0,
    done: false,
  };
  const cookies = new Map<string, string>([['XSRF-TOKEN', XSRF]]);
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const productId = context.product.id;

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> => {
    for (;;) {
      const headers: Record<string, string> = {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-forwarded-for': address,
        'accept-language': 'ja',
      };
      if (method === 'POST') {
        headers['content-type'] = 'application/json';
        headers['x-xsrf-token'] = XSRF;
      }
      let answer: Answer;
      try {
        answer = await context.client.request(
          context.nextServer(),
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
    if (answer.status === 200 && isEntry(answer.body)) return answer.body;
    problem('join', answer);
    return undefined;
  };

  /** The one hold of an admitted visitor (or of anyone once the queue closed). */
  const hold = async (): Promise<'held' | 'sold_out' | 'again' | 'failed'> => {
    const answer = await call('POST', `${API}/orders`, orderBody(context.product, context.spanId));
    record.holdMs.push(answer.answeredAt - answer.sentAt);
    if (answer.status === 201 || answer.status === 200) return 'held';
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
      const answer = await call('GET', `${API}/waiting-room/entries/current?product_id=${productId}&wait=1`);
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
    if (outcome === 'held') record.held = true;
    if (outcome === 'held' || outcome === 'sold_out') {
      record.done = true;
      return record;
    }
    if (outcome === 'failed') return record;
    entry = await join();
  }
  return record;
}
