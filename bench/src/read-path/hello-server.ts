import { freePort } from '../../../apps/server/src/db/embedded.ts';
import { startHttpChild, type ServerProcess } from '../shared/server-process.ts';

// The baseline of architecture §7: node:http with nothing on top, in its own process like the server.
const HELLO_WORLD = `
require('node:http')
  .createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('hello world');
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
`;

export async function startHelloWorld(): Promise<ServerProcess> {
  const port = await freePort();
  return startHttpChild(['-e', HELLO_WORLD], port, { PORT: String(port) });
}
