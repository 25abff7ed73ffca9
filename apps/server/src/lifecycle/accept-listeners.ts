import { spawn } from 'node:child_process';
import type { Server as HttpServer } from 'node:http';
import type { Server as NetServer, Socket } from 'node:net';

/**
 * The helper process's whole program. It is handed the listening socket once and hands it back `count`
 * times: a handle that crosses a process boundary arrives as a new descriptor of the same socket
 * (SCM_RIGHTS). It holds a listening copy for those few milliseconds, so a connection it accepts meanwhile
 * is taken paused (nothing read) and handed to the server too; then it closes its copy and leaves.
 */
const HELPER = `
process.once('message', (count, listener) => {
  listener.pauseOnConnect = true;
  let sendsLeft = count;
  let forwarding = 0;
  const leaveWhenDone = () => { if (sendsLeft === 0 && forwarding === 0) process.disconnect(); };
  listener.on('connection', (socket) => {
    forwarding += 1;
    process.send('connection', socket, () => { forwarding -= 1; leaveWhenDone(); });
  });
  for (let i = 0; i < count; i++)
    process.send('listener', listener, () => {
      sendsLeft -= 1;
      if (sendsLeft === 0) listener.close();
      leaveWhenDone();
    });
});`;

/**
 * Gives the event loop `count` more descriptors of the HTTP server's listening socket, each accepting into
 * the same server, so a loaded process accepts up to `count + 1` connections per loop turn instead of one
 * (ADR 129). libuv 1.45+ (node 20) accepts one connection per listening descriptor per turn; a turn of a
 * process serving an on-sale rush lasts 50–200 ms, so new connections queued in the kernel for seconds
 * (2,225 in one server's accept queue) while requests on open connections were answered. Node 22.12's
 * `reusePort` would do the same with several sockets; on node 20 this is the way without a native module.
 * Answers a function that closes the extra descriptors (the HTTP server's own close does not know them).
 */
export async function addAcceptListeners(server: HttpServer, count: number): Promise<() => void> {
  // Windows passes sockets between processes differently (and is not a production platform here).
  if (count <= 0 || process.platform === 'win32') return () => undefined;
  const helper = spawn(process.execPath, ['-e', HELPER], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const listeners: NetServer[] = [];
  const closeAll = () => {
    for (const listener of listeners.splice(0)) listener.close();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      helper.once('error', reject);
      // Done once the helper has left: from then on no copy of the socket but the server's accepts.
      helper.once('exit', (code) =>
        listeners.length === count
          ? resolve()
          : reject(new Error(`the accept listener helper left (exit code ${code}) before handing back the socket`)),
      );
      helper.on('message', (message, handle) => {
        if (message === 'connection') {
          server.emit('connection', handle as Socket);
        } else if (message === 'listener') {
          const listener = handle as NetServer;
          listener.on('connection', (socket: Socket) => server.emit('connection', socket));
          listeners.push(listener);
        }
      });
      helper.send(count, server);
    });
  } catch (error) {
    closeAll();
    helper.kill();
    throw error;
  }
  return closeAll;
}
