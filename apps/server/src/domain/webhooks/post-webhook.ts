import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { addressAllowed, checkedLookup, hostOf, type TargetPolicy } from './webhook-target.ts';

/** What a try came to, for the delivery log. */
export interface PostOutcome {
  /** The receiver's status; null when none came (refused target, timeout, network). */
  statusCode: number | null;
  durationMs: number;
  /** Why it failed without a usable status: `target_refused`, `timeout`, `connection_failed`, `redirect`. */
  error: string | null;
  /** The first 1 KB of the response body as text. */
  excerpt: string | null;
}

export const EXCERPT_BYTES = 1024;

/**
 * POSTs a signed body once (node's http/https, no new dependency). The name is resolved and checked by the
 * socket's own `lookup` (webhook-target.ts), an address literal before the request; redirects are never
 * followed (a 3xx is a failure, `redirect`); the whole exchange is cut at `timeoutMs`. Never throws.
 */
export async function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { policy: TargetPolicy; timeoutMs: number },
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string): PostOutcome => ({
    statusCode: null,
    durationMs: elapsed(),
    error,
    excerpt: null,
  });
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return failed('target_refused');
  }
  const host = hostOf(url);
  // An address literal never reaches `lookup`: checked here (a name is checked by the lookup itself).
  if (!/^https?:$/.test(url.protocol) || (isIP(host) !== 0 && !addressAllowed(options.policy, host)))
    return failed('target_refused');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        lookup: checkedLookup(options.policy) as never,
        // One connection per try: a kept-alive socket would skip the lookup's check on a later try.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        response.on('data', (chunk: Buffer) => {
          if (length < EXCERPT_BYTES) chunks.push(chunk);
          length += chunk.length;
          // The excerpt is all that is kept: a receiver that streams a large answer is not read to its end.
          if (length >= EXCERPT_BYTES) response.destroy();
        });
        const done = () => {
          const statusCode = response.statusCode ?? null;
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          const redirect = statusCode !== null && statusCode >= 300 && statusCode < 400;
          finish({ statusCode, durationMs: elapsed(), error: redirect ? 'redirect' : null, excerpt });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish(failed('timeout'));
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish(failed(error.code === 'ETARGETREFUSED' ? 'target_refused' : 'connection_failed')),
    );
    request.end(body);
  });
}
