import { spawn } from 'node:child_process';
import type { Server as HttpServer } from 'node:http';
import net from 'node:net';

/**
 * The helper process's whole program. It is handed the listening socket's raw handle once and hands it back
 * `count` times: a handle that crosses a process boundary arrives as a new descriptor of the same socket
 * (SCM_RIGHTS). A raw handle is not listened on, so the helper never accepts a connection; it closes its copy
 * and leaves once every copy has gone.
 */
const HELPER = `
let asked = false;
// 'on', not 'once': a 'message' listener keeps the channel open for the parent's acknowledgements, which node
// waits for before it sends the next handle.
process.on('message', (count, handle) => {
  if (asked) return;
  asked = true;
  let left = count;
  for (let i = 0; i < count; i++)
    process.send('listener', handle, () => {
      if (--left === 0) { handle.close(); process.disconnect(); }
    });
});`;

/** A helper that has not handed back the socket by then is given up on (a debugger flag, a stuck machine). */
const HELPER_TIMEOUT_MS = 5_000;

/** What net.Server keeps of its options (node's own fields, not in its type declarations). */
interface ServerOptionsKept {
  allowHalfOpen: boolean;
  noDelay: boolean;
  keepAlive: boolean;
  keepAliveInitialDelay: number;
  highWaterMark: number;
}

export interface AcceptListeners {
  /** Stops them accepting (their connections are the HTTP server's: its close waits for them). */
  close(): Promise<void>;
}

/** net.Server's count of open connections and a socket's accepting server (node's own fields). */
interface Counted {
  _connections: number;
}
interface Accepted {
  server: unknown;
  _server: unknown;
}

/**
 * Makes a connection an extra descriptor accepted count as the HTTP server's own, as if it had accepted it:
 * `server.close()` waits until its own connections have ended, and only then do Fastify's onClose hooks stop
 * the workers (and the shutdown the pool); a request in flight on another server's connection would have
 * met a closed database (the restarts test's "finishes the request in flight").
 */
function adoptConnection(listener: net.Server, server: HttpServer, socket: net.Socket): void {
  (listener as unknown as Counted)._connections -= 1;
  (server as unknown as Counted)._connections += 1;
  const accepted = socket as unknown as Accepted;
  accepted.server = server;
  accepted._server = server;
}

/** The helper, started before the server listens (a process start takes seconds on a loaded machine). */
export interface AcceptHelper {
  /**
   * Hands the listening socket to the helper and makes a net.Server of each descriptor it hands back, each
   * accepting into `server`; rejects if the helper fails, leaves or does not answer within 5 s.
   */
  add(server: HttpServer, backlog: number, onError: (error: Error) => void): Promise<AcceptListeners>;
  /** Stops a helper that will not be used (the start failed or was stopped before it listened). */
  cancel(): void;
}

const NONE: AcceptListeners = { close: async () => undefined };

/**
 * Gives the event loop `count` more descriptors of the HTTP server's listening socket, each accepting into
 * the same server, so a loaded process accepts up to `count + 1` connections per loop turn instead of one
 * (ADR 129). libuv 1.45+ (node 20) accepts one connection per listening descriptor per turn; a turn of a
 * process serving an on-sale rush lasts 50–200 ms, so new connections queued in the kernel for seconds
 * (2,225 in one server's accept queue) while requests on open connections were answered. Node 22.12's
 * `reusePort` would do the same with several sockets; on node 20 this is the way without a native module.
 * Each descriptor accepts with the HTTP server's socket options (no Nagle, half-open) and listens again with
 * its backlog, since listen() on the shared socket sets the backlog of all of them.
 *
 * The helper process starts here, before the server listens: the hand-over after `listen` is then one
 * round trip, so the server is whole by the time callers see it answer (a signal in between waits for it).
 */
export function startAcceptHelper(count: number): AcceptHelper {
  // Windows passes sockets between processes differently (and is not a production platform here).
  if (count <= 0 || process.platform === 'win32') return { add: async () => NONE, cancel: () => undefined };
  // The helper must not stop in a debugger or load anything the server's start was given.
  const helper = spawn(process.execPath, ['-e', HELPER], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const exitError = (code: number | null) =>
    new Error(`the accept listener helper left (exit code ${code}) before handing back the socket`);
  // Until add() listens for them, a failure or an early exit is kept for it.
  let failure: Error | undefined;
  helper.on('error', (error) => (failure ??= error));
  // 'close', not 'exit': it comes once the channel has delivered every message.
  helper.once('close', (code) => (failure ??= exitError(code)));

  const add = async (
    server: HttpServer,
    backlog: number,
    onError: (error: Error) => void,
  ): Promise<AcceptListeners> => {
    const kept = server as unknown as ServerOptionsKept;
    const options: net.ServerOpts = {
      allowHalfOpen: kept.allowHalfOpen,
      noDelay: kept.noDelay,
      keepAlive: kept.keepAlive,
      keepAliveInitialDelay: kept.keepAliveInitialDelay * 1000,
      highWaterMark: kept.highWaterMark,
    };
    const listeners: net.Server[] = [];
    const closeAll = () =>
      Promise.all(
        listeners
          .splice(0)
          .map((listener) => new Promise<void>((resolve) => listener.close(() => resolve()))),
      ).then(() => undefined);
    let settled = false;
    try {
      await new Promise<void>((resolve, reject) => {
        const timeout = setTimeout(
          () => fail(new Error(`the accept listener helper did not answer within ${HELPER_TIMEOUT_MS} ms`)),
          HELPER_TIMEOUT_MS,
        );
        const fail = (error: Error) => {
          clearTimeout(timeout);
          settled = true;
          reject(error);
        };
        if (failure) return fail(failure);
        helper.on('error', fail);
        helper.once('close', (code) => settled || fail(exitError(code)));
        helper.on('message', (message, handle) => {
          if (message !== 'listener' || !handle) return;
          // After a failure nobody would close it: an open copy keeps the socket listening after shutdown.
          if (settled) return (handle as unknown as { close(): void }).close();
          const listener: net.Server = net.createServer(options, (socket) => {
            adoptConnection(listener, server, socket);
            server.emit('connection', socket);
          });
          listener.on('error', onError);
          listener.listen(handle, backlog);
          listeners.push(listener);
          if (listeners.length === count) {
            clearTimeout(timeout);
            settled = true;
            resolve();
          }
        });
        // The raw handle, not the server: a server would be listened on (and accept) in the helper.
        helper.send(count, (server as unknown as { _handle: net.Server })._handle);
      });
    } catch (error) {
      helper.kill();
      await closeAll();
      throw error;
    }
    return { close: closeAll };
  };
  return { add, cancel: () => helper.kill() };
}
