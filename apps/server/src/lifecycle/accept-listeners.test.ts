import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addAcceptListeners } from './accept-listeners.ts';

const servers: http.Server[] = [];
const closers: (() => void)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0)) close();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listening(count: number) {
  const accepted: net.Socket[] = [];
  const server = http.createServer((req, res) => res.end(`answered ${req.url}`));
  server.on('connection', (socket: net.Socket) => accepted.push(socket));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(await addAcceptListeners(server, count));
  return { server, accepted, port: (server.address() as AddressInfo).port };
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

describe('addAcceptListeners (ADR 129)', () => {
  it('without them a busy process accepts one connection per event-loop turn (why they exist)', async () => {
    const { port, accepted } = await listening(0);
    const count = await acceptedWhileBusy(port, accepted, 200, 10);
    expect(count).toBeLessThanOrEqual(11);
  });

  it('with 7 more descriptors a busy process accepts several connections per turn', async () => {
    const { port, accepted } = await listening(7);
    const count = await acceptedWhileBusy(port, accepted, 200, 10);
    expect(count).toBeGreaterThan(30);
  });

  it('every connection a descriptor accepts is answered by the one HTTP server', async () => {
    const { port } = await listening(3);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`http://127.0.0.1:${port}/${i}`, { headers: { connection: 'close' } }).then((r) => r.text()),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => `answered /${i}`));
  });

  it('once closed with the server, no descriptor accepts a connection', async () => {
    const { server, port } = await listening(3);
    for (const close of closers.splice(0)) close();
    await new Promise((resolve) => server.close(resolve));
    servers.splice(0);
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
});
