// Verifies a Kippu webhook (docs/webhooks.md): the signature over "<timestamp>.<raw body>" with your
// endpoint's secret, and a timestamp no older (or newer) than five minutes, so a captured delivery cannot be
// replayed later. Node 18+, no dependency. Pass the RAW body (the bytes as received, before JSON.parse).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TOLERANCE_SECONDS = 5 * 60;

/**
 * @param {{ secrets: string[], headers: Record<string, string | undefined>, body: string, now?: number }} input
 *   `secrets`: your current secret, and the previous one while a rotation's grace period lasts.
 *   `headers`: lower-case names (Node's `request.headers`). `now`: unix seconds (default: the clock).
 * @returns {{ ok: true, id: string } | { ok: false, reason: string }}
 */
export function verifyKippuWebhook({ secrets, headers, body, now = Math.floor(Date.now() / 1000) }) {
  const id = headers['kippu-webhook-id'];
  const timestamp = headers['kippu-webhook-timestamp'];
  const signature = headers['kippu-webhook-signature'];
  if (!id || !timestamp || !signature) return { ok: false, reason: 'missing headers' };
  if (!/^\d+$/.test(timestamp)) return { ok: false, reason: 'bad timestamp' };
  if (Math.abs(now - Number(timestamp)) > TOLERANCE_SECONDS) return { ok: false, reason: 'timestamp too old' };
  const sent = signature
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('v1='))
    .map((part) => Buffer.from(part.slice(3), 'hex'));
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
    if (sent.some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected)))
      return { ok: true, id };
  }
  return { ok: false, reason: 'bad signature' };
}

// A receiver: `node verify-webhook.mjs` with KIPPU_WEBHOOK_SECRET set. Answer 2xx quickly and do the work
// later; remember the ids you handled (a delivery may come more than once: same id).
if (import.meta.url === `file://${process.argv[1]}`) {
  const { createServer } = await import('node:http');
  const secrets = (process.env.KIPPU_WEBHOOK_SECRET ?? '').split(',').filter(Boolean);
  createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const verdict = verifyKippuWebhook({ secrets, headers: request.headers, body });
      response.writeHead(verdict.ok ? 204 : 400).end();
      if (verdict.ok) console.log(JSON.parse(body).type, verdict.id);
    });
  }).listen(Number(process.env.PORT ?? 8787));
}
