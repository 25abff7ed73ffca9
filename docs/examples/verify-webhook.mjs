// Verifies a Kippu webhook (docs/webhooks.md): the signature over "<timestamp>.<raw body>" with your
// endpoint's secret, and a timestamp no older (or newer) than five minutes, so a captured delivery cannot be
// replayed later. Within those five minutes a replay is stopped by remembering the event ids already handled
// (createReplayGuard). Node 18+, no dependency. Pass the RAW body (the bytes as received, before JSON.parse).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TOLERANCE_SECONDS = 5 * 60;

/**
 * @param {{ secrets: string[], headers: Record<string, string | undefined>, body: string, now?: number }} input
 *   `secrets`: your current secret, and the previous one while a rotation's grace period lasts.
 *   `headers`: lower-case names (Node's `request.headers`). `now`: unix seconds (default: the clock).
 * @returns {{ ok: true, id: string } | { ok: false, reason: string }} `id` is the event's id read from the
 *   SIGNED body (the `kippu-webhook-id` header is outside the signature: a replayer could change it).
 */
export function verifyKippuWebhook({ secrets, headers, body, now = Math.floor(Date.now() / 1000) }) {
  const timestamp = headers['kippu-webhook-timestamp'];
  const signature = headers['kippu-webhook-signature'];
  if (!timestamp || !signature) return { ok: false, reason: 'missing headers' };
  if (!/^\d+$/.test(timestamp)) return { ok: false, reason: 'bad timestamp' };
  if (Math.abs(now - Number(timestamp)) > TOLERANCE_SECONDS)
    return { ok: false, reason: 'timestamp too old' };
  const sent = signature
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('v1='))
    .map((part) => Buffer.from(part.slice(3), 'hex'));
  const signed = secrets.some((secret) => {
    const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
    return sent.some(
      (candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected),
    );
  });
  if (!signed) return { ok: false, reason: 'bad signature' };
  let id;
  try {
    id = JSON.parse(body).id;
  } catch {
    return { ok: false, reason: 'bad body' };
  }
  if (typeof id !== 'string' || id === '') return { ok: false, reason: 'bad body' };
  // The header is only a convenience; one that disagrees with the signed body was changed on the way.
  const header = headers['kippu-webhook-id'];
  if (header !== undefined && header !== id) return { ok: false, reason: 'id mismatch' };
  return { ok: true, id };
}

/**
 * Remembers the event ids handled for as long as a delivery carrying them can still pass the timestamp check
 * (twice the tolerance: a timestamp may be up to five minutes ahead or behind), in memory and bounded: when
 * `maxIds` ids are still fresh, a new one is refused as busy (answer 503: Kippu tries again later) rather
 * than forgetting an id a replayer could then reuse. Several processes behind a balancer need a shared
 * store instead (a database's unique key on the id, or Redis SET NX with an expiry).
 */
export function createReplayGuard({ windowSeconds = 2 * TOLERANCE_SECONDS, maxIds = 100_000 } = {}) {
  const expiries = new Map(); // id -> unix seconds after which it is forgotten; in insertion (= expiry) order
  return {
    /** @returns {'first' | 'seen' | 'busy'} */
    remember(id, now = Math.floor(Date.now() / 1000)) {
      for (const [known, expires] of expiries) {
        if (expires > now) break;
        expiries.delete(known);
      }
      if (expiries.has(id)) return 'seen';
      if (expiries.size >= maxIds) return 'busy';
      expiries.set(id, now + windowSeconds);
      return 'first';
    },
  };
}

/**
 * A request handler for `http.createServer`: verifies, refuses a replay, and hands each event to `onEvent`
 * once. An id seen before is answered 200 without handling it again: Kippu sends an event again when your
 * answer did not reach it, and a 2xx stops its retries (a 4xx would count as a failure).
 * @param {{ secrets: string[], onEvent: (event: object) => void, guard?: ReturnType<typeof createReplayGuard> }} options
 */
export function createKippuReceiver({ secrets, onEvent, guard = createReplayGuard() }) {
  return (request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const verdict = verifyKippuWebhook({ secrets, headers: request.headers, body });
      if (!verdict.ok) return response.writeHead(400).end(verdict.reason);
      const seen = guard.remember(verdict.id);
      if (seen === 'busy') return response.writeHead(503).end('busy');
      if (seen === 'seen') return response.writeHead(200).end('duplicate: already handled');
      // Answer 2xx quickly and do the work later (a queue of your own).
      response.writeHead(204).end();
      onEvent(JSON.parse(body));
    });
  };
}

// A receiver: `node verify-webhook.mjs` with KIPPU_WEBHOOK_SECRET set (a comma list during a rotation).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { createServer } = await import('node:http');
  const secrets = (process.env.KIPPU_WEBHOOK_SECRET ?? '').split(',').filter(Boolean);
  const onEvent = (event) => console.log(event.type, event.id);
  createServer(createKippuReceiver({ secrets, onEvent })).listen(Number(process.env.PORT ?? 8787));
}
