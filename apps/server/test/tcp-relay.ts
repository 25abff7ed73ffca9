import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP relay on a port of its own, held for as long as the test runs, forwarding to a target port that
 * may change (ADR 046's outage test). A database stopped and started again gets whatever port is free
 * then, and the server under test, which only knows the relay's address, never meets another program
 * that took the old port in between (review finding 11). While there is no target (stopped), or it
 * refuses, each connection is reset: to the server, a connect that fails at once, not a hang. A frozen
 * target still accepts in the kernel and never answers, and the relay passes that on unchanged.
 */
export interface TcpRelay {
  /** Where the server connects: 127.0.0.1:<port>. */
  port: number;
  /** The port the relay forwards new connections to; none: every connection is reset (a stopped database). */
  target: number | undefined;
  close(): Promise<void>;
}

export async function startTcpRelay(target: number): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  };
  const relay: TcpRelay = {
    port: 0,
    target,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
  const server = createServer((client) => {
    track(client);
    if (relay.target === undefined) return client.resetAndDestroy();
    client.pause();
    const upstream = connect(relay.target, '127.0.0.1');
    track(upstream);
    upstream.once('connect', () => {
      client.pipe(upstream).pipe(client);
      client.resume();
    });
    upstream.once('error', () => {
      if (!client.destroyed) client.resetAndDestroy();
    });
    upstream.once('close', () => client.destroy());
    client.once('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.port = (server.address() as AddressInfo).port;
  return relay;
}
