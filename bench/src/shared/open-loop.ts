import net from 'node:net';

/** One request of an open-loop run: built when its turn comes (a new visitor address, the next slot). */
export interface OpenLoopRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface OpenLoopInput {
  baseUrl: string;
  /** Requests a second, sent at evenly spaced moments whatever the answers do (an open loop). */
  rate: number;
  seconds: number;
  /** Keep-alive connections at most; a request due while all are busy waits for one (and that wait counts). */
  maxConnections: number;
  timeoutMs: number;
  /** The k-th request of the run (k from 0). */
  next: (k: number) => OpenLoopRequest;
  /** Headers every request carries (a cookie). */
  headers?: Record<string, string>;
  /** An answer's status and its latency from the moment the request was due (ms). */
  onAnswer: (status: number, latencyMs: number) => void;
  /** A socket error, a time-out or an answer this client cannot read. */
  onError: (kind: string) => void;
}

export interface OpenLoopResult {
  /** Requests due within the run (all of them sent, some after waiting for a connection). */
  offered: number;
  /** The most connections open at once. */
  connections: number;
}

interface Pending {
  dueAt: number;
  request: OpenLoopRequest;
}

/**
 * An open-loop load generator over keep-alive HTTP/1.1 connections (issue 31, ADR 132). The k-th request is
 * due at `k / rate` seconds and is sent then, on an idle connection or a new one, whatever happened to the
 * earlier ones: arrivals are independent, as visitors on their own phones are. Its latency is counted from
 * when it was due (so waiting for a connection counts, and a slow server cannot slow the arrivals down and
 * hide its own queue: no coordinated omission).
 *
 * autocannon's `overallRate` is a closed loop with a budget per connection and second: every connection
 * spends its budget back to back at the start of each second, all of them together, so a rate of 4x came as
 * one burst of every connection at once each second, and the latencies measured that burst's queue.
 *
 * A minimal client on `net` (a request is one string, an answer is read for its status and length only)
 * so the generator takes little of the cores it shares with what it measures. Answers must carry
 * Content-Length or be chunked; anything else is reported as an error.
 */
export function runOpenLoop(input: OpenLoopInput): Promise<OpenLoopResult> {
  return new Promise((resolve) => new OpenLoop(input, resolve).start());
}

const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');

class OpenLoop {
  readonly url: URL;
  readonly idle: Connection[] = [];
  readonly waiting: Pending[] = [];
  open = 0;
  mostOpen = 0;
  inFlight = 0;
  private sent = 0;
  private finished = false;
  private pacer: NodeJS.Timeout | undefined;
  private readonly total: number;
  private readonly fixedHeaders: string;

  constructor(
    readonly input: OpenLoopInput,
    private readonly resolve: (result: OpenLoopResult) => void,
  ) {
    this.url = new URL(input.baseUrl);
    this.total = Math.round(input.rate * input.seconds);
    this.fixedHeaders = headerLines({ host: this.url.host, ...input.headers });
  }

  /** Every millisecond (or as soon as the event loop allows), sends everything due by now. */
  start() {
    const started = performance.now();
    this.pacer = setInterval(() => {
      const now = performance.now();
      while (this.sent < this.total) {
        const dueAt = started + (this.sent * 1000) / this.input.rate;
        if (dueAt > now) break;
        this.dispatch({ dueAt, request: this.input.next(this.sent) });
        this.sent += 1;
      }
      this.finishIfDone();
    }, 1);
  }

  /** The request's first line and headers (its own replace the run's: a POST's cookie and XSRF header). */
  headOf({ method, path, headers, body }: OpenLoopRequest): string {
    const lines = headers
      ? headerLines({ host: this.url.host, ...this.input.headers, ...headers })
      : this.fixedHeaders;
    const length = body === undefined ? '' : `content-length: ${Buffer.byteLength(body)}\r\n`;
    return `${method} ${path} HTTP/1.1\r\n${lines}${length}\r\n`;
  }

  /** On an idle connection, a new one while under the bound, else in line for the next one free. */
  dispatch(pending: Pending) {
    const connection = this.idle.pop();
    if (connection) connection.send(pending);
    else if (this.open < this.input.maxConnections) new Connection(this).send(pending);
    else this.waiting.push(pending);
  }

  finishIfDone() {
    if (this.finished || this.sent < this.total || this.inFlight > 0 || this.waiting.length > 0) return;
    this.finished = true;
    clearInterval(this.pacer);
    for (const connection of [...this.idle]) connection.socket.destroy();
    this.resolve({ offered: this.total, connections: this.mostOpen });
  }
}

/** One keep-alive connection: one request at a time, its answer read for the status and length only. */
class Connection {
  readonly socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private current: Pending | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly loop: OpenLoop) {
    loop.open += 1;
    loop.mostOpen = Math.max(loop.mostOpen, loop.open);
    this.socket = net.connect(Number(loop.url.port), loop.url.hostname);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', () => this.close('socket error'));
    this.socket.on('close', () => this.close('connection closed'));
  }

  send(pending: Pending) {
    this.current = pending;
    this.loop.inFlight += 1;
    this.socket.write(this.loop.headOf(pending.request) + (pending.request.body ?? ''));
    this.timer = setTimeout(() => this.close('time-out'), this.loop.input.timeoutMs);
  }

  private read(chunk: Buffer) {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0 || !this.current) return;
    const head = this.buffer.toString('latin1', 0, headEnd);
    const lengthMatch = /\r\ncontent-length: *(\d+)/i.exec(head);
    let end: number;
    if (lengthMatch) {
      end = headEnd + 4 + Number(lengthMatch[1]);
      if (this.buffer.length < end) return;
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const last = this.buffer.indexOf('\r\n0\r\n\r\n', headEnd);
      if (last < 0) return;
      end = last + 7;
    } else {
      this.close('answer without a length');
      return;
    }
    const latencyMs = performance.now() - this.current.dueAt;
    clearTimeout(this.timer);
    this.current = undefined;
    this.loop.inFlight -= 1;
    this.buffer = this.buffer.subarray(end);
    this.loop.input.onAnswer(Number(head.slice(9, 12)), latencyMs);
    if (/\r\nconnection: *close/i.test(head)) {
      this.close(undefined);
    } else {
      const next = this.loop.waiting.shift();
      if (next) this.send(next);
      else this.loop.idle.push(this);
    }
    this.loop.finishIfDone();
  }

  /** The connection is gone: its request (if any) failed, and it no longer counts as open or idle. */
  private close(kind: string | undefined) {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.socket.destroy();
    this.loop.open -= 1;
    const at = this.loop.idle.indexOf(this);
    if (at >= 0) this.loop.idle.splice(at, 1);
    if (this.current) {
      this.current = undefined;
      this.loop.inFlight -= 1;
      this.loop.input.onError(kind ?? 'connection closed');
    }
    // A request waiting for a connection gets a new one now that there is room.
    const next = this.loop.waiting.shift();
    if (next) this.loop.dispatch(next);
    this.loop.finishIfDone();
  }
}
