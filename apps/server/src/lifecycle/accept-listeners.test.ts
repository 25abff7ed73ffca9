import { execFileSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startAcceptHelper, type AcceptListeners } from './accept-listeners.ts';

const BACKLOG = 777;
const open: { server: http.Server; listeners?: AcceptListeners }[] = [];

afterEach(async () => {
  for (const { server, listeners } of open.splice(0)) {
    server.closeAllConnections();
    await Promise.all([listeners?.close(), new Promise((resolve) => server.close(resolve))]);
  }
});

async function listening(
  count: number,
  handler: http.RequestListener = (req, res) => res.end(`answered ${req.url}`),
) {
  const accepted: net.Socket[] = [];
  const server = http.createServer(handler);
  server.on('connection', (socket: net.Socket) => accepted.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', BACKLOG, resolve));
  const entry: (typeof open)[number] = { server };
  open.push(entry);
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    accepted,
    port,
    entry,
    add: async () =>
      (entry.listeners = await startAcceptHelper(count).add(server, BACKLOG, (error) => {
        throw error;
      })),
  };
}

/**
 * Opens `connections` connections and at once keeps the event loop busy for `turns` turns of 20 ms each (a
 * loaded process); answers how many the server had accepted by then. On loopback a connection is in the
 * kernel's accept queue as soon as `connect` returns.
 */
async function acceptedWhileBusy(port: number, accepted: unknown[], connections: number, turns: number) {
  const clients = Array.from({ length: connections }, () =>
    net.connect(port, '127.0.0.1').on('error', () => undefined),
  );
  for (let turn = 0; turn < turns; turn++) {
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        const until = Date.now() + 20;
        while (Date.now() < until);
        resolve();
      }),
    );
  }
  const count = accepted.length;
  for (const client of clients) client.destroy();
  return count;
}

const get = (port: number, path: string) =>
  fetch(`http://127.0.0.1:${port}${path}`, { headers: { connection: 'close' } }).then((r) => r.text());

describe('the accept helper and its extra descriptors (ADR 129)', () => {
  it('without them a busy process accepts one connection per event-loop turn (why they exist)', async () => {
    const { port, accepted } = await listening(0);
    const count = await acceptedWhileBusy(port, accepted, 200, 10);
    expect(count).toBeLessThanOrEqual(11);
  });

  it('with 7 more descriptors a busy process accepts several connections per turn', async () => {
    const { port, accepted, add } = await listening(7);
    await add();
    const count = await acceptedWhileBusy(port, accepted, 200, 10);
    expect(count).toBeGreaterThan(30);
  });

  it('every connection is answered by the one HTTP server, with its socket options, while they are added too', async () => {
    const { port, accepted, add } = await listening(3);
    // Visitors connecting while the helper holds a copy of the socket: none may be lost.
    let adding = true;
    const during: Promise<string>[] = [];
    const visiting = (async () => {
      for (let i = 0; adding; i++) {
        during.push(get(port, `/during-${i}`));
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    await add();
    adding = false;
    await visiting;
    const answers = await Promise.all(during);
    expect(answers.every((answer, i) => answer === `answered /during-${i}`)).toBe(true);
    const after = await Promise.all(Array.from({ length: 40 }, (_, i) => get(port, `/${i}`)));
    expect(after).toEqual(Array.from({ length: 40 }, (_, i) => `answered /${i}`));
    expect(accepted.every((socket) => socket.allowHalfOpen)).toBe(true);
  });

  it("keeps the server's backlog (listen() on the shared socket sets it for all of them)", async () => {
    const { port, add } = await listening(3);
    await add();
    const line = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' }).trim();
    // State, Recv-Q (queued now), Send-Q (the backlog), addresses.
    expect(line.split(/\s+/)[2]).toBe(String(BACKLOG));
  });

  it("their connections are the HTTP server's: its close waits for the requests they carry", async () => {
    let answered = 0;
    const { server, port, add, entry } = await listening(3, (req, res) =>
      setTimeout(() => {
        answered += 1;
        res.end('slow');
      }, 300),
    );
    await add();
    // The server's own descriptor stops accepting: every connection below is one an extra descriptor accepted.
    const own = server as unknown as { _handle: { close(): void } | null };
    own._handle!.close();
    own._handle = null;
    const requests = Array.from({ length: 8 }, (_, i) => get(port, `/slow-${i}`));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.listening).toBe(false);
    const listenersClosed = entry.listeners!.close();
    // The server's close alone ends only once its requests have been answered: Fastify runs its onClose hooks
    // (the workers, then the shutdown's pool) after it.
    await new Promise((resolve) => server.close(resolve));
    expect(answered).toBe(8);
    await listenersClosed;
    expect(await Promise.all(requests)).toEqual(Array.from({ length: 8 }, () => 'slow'));
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('a helper started before the server listens hands the socket back once it does (the server start)', async () => {
    const helper = startAcceptHelper(3);
    // The start's database and seed take this long and more; the helper waits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { port, entry, accepted } = await listening(3);
    entry.listeners = await helper.add(entry.server, BACKLOG, (error) => {
      throw error;
    });
    const count = await acceptedWhileBusy(port, accepted, 100, 5);
    expect(count).toBeGreaterThan(10);
  });

  it('a helper that left before the hand-over fails add(), and the server accepts on its own descriptor', async () => {
    const helper = startAcceptHelper(3);
    helper.cancel();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { port, server } = await listening(3);
    await expect(helper.add(server, BACKLOG, () => undefined)).rejects.toThrow(/left .* before handing back/);
    expect(await get(port, '/alone')).toBe('answered /alone');
  });
});
