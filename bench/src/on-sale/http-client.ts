import http from 'node:http';

/**
 * A plain keep-alive HTTP client for thousands of concurrent visitors from one process: node:http with one
 * Agent per server and no socket limit (5,000 long polls are 5,000 open sockets), nothing parsed but the
 * status, the cookies and a JSON body. fetch would add a stream and a promise chain per request.
 */
export interface Answer {
  status: number;
  setCookies: string[];
  /** Seconds from a Retry-After header (503 busy, 429), else undefined. */
  retryAfter: number | undefined;
  body: unknown;
  /** Date.now() when the request was sent and when its answer had fully arrived. */
  sentAt: number;
  answeredAt: number;
}

export function createClient() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 100_000 });
  const client = {
    request(
      baseUrl: string,
      method: 'GET' | 'POST' | 'PUT',
      path: string,
      headers: Record<string, string>,
      body?: string,
      sentAt = Date.now(),
    ): Promise<Answer> {
      return new Promise((resolve, reject) => {
        const request = http.request(
          `${baseUrl}${path}`,
          {
            method,
            agent,
            headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
            // Longer than the contract's 20 s long poll.
            timeout: 30_000,
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let parsed: unknown = text;
              try {
                parsed = text ? JSON.parse(text) : undefined;
              } catch {
                // Not JSON: kept as text for the report.
              }
              resolve({
                status: response.statusCode ?? 0,
                setCookies: response.headers['set-cookie'] ?? [],
                retryAfter: Number(response.headers['retry-after']) || undefined,
                body: parsed,
                sentAt,
                answeredAt: Date.now(),
              });
            });
            response.on('error', reject);
          },
        );
        request.on('timeout', () => request.destroy(new Error('time-out')));
        request.on('error', (error: NodeJS.ErrnoException) => {
          // A kept-alive socket the server closed as it was reused (its idle time-out, 5 s in node:http):
          // browsers send the request again at once on a new connection, so does this client (node's docs:
          // `request.reusedSocket`). Counted from the first send; waiting it out like a real network error
          // put the visitor at the back of the queue (665 of 5,000 visitors on the shared machine).
          if (request.reusedSocket && (error.code === 'ECONNRESET' || error.message === 'socket hang up')) {
            resolve(client.request(baseUrl, method, path, headers, body, sentAt));
            return;
          }
          reject(error);
        });
        request.end(body);
      });
    },
    close() {
      agent.destroy();
    },
  };
  return client;
}
export type Client = ReturnType<typeof createClient>;
