import { describe, expect, it } from 'vitest';
import { webhookHeaders } from './deliver-webhooks.ts';

type Verify = (input: {
  secrets: string[];
  headers: Record<string, string | undefined>;
  body: string;
  now?: number;
}) => { ok: true; id: string } | { ok: false; reason: string };

// The docs' receiver snippet itself (docs/examples/verify-webhook.mjs), against the headers the server sends.
const snippet = '../../../../../docs/examples/verify-webhook.mjs';
const { verifyKippuWebhook } = (await import(snippet)) as { verifyKippuWebhook: Verify };

const body = JSON.stringify({ id: 'evt-1', type: 'reservation.created', data: { reservation: { id: 1 } } });
const secret = 'whsec_current';
const previous = 'whsec_previous';
const sentAt = 1_800_000_000_000;
const now = sentAt / 1000;

describe('the docs verification snippet', () => {
  it('accepts a delivery signed with the secret, in time', () => {
    const headers = webhookHeaders('evt-1', [secret], body, sentAt);
    expect(verifyKippuWebhook({ secrets: [secret], headers, body, now: now + 10 })).toEqual({
      ok: true,
      id: 'evt-1',
    });
  });

  it('refuses a forged signature, a changed body and another secret', () => {
    const headers = webhookHeaders('evt-1', [secret], body, sentAt);
    const forged = { ...headers, 'kippu-webhook-signature': `v1=${'ab'.repeat(32)}` };
    expect(verifyKippuWebhook({ secrets: [secret], headers: forged, body, now })).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    expect(verifyKippuWebhook({ secrets: [secret], headers, body: body.replace('1}', '2}'), now }).ok).toBe(
      false,
    );
    expect(verifyKippuWebhook({ secrets: ['whsec_other'], headers, body, now }).ok).toBe(false);
  });

  it('refuses a replay with a timestamp older than five minutes, even with a valid signature', () => {
    const headers = webhookHeaders('evt-1', [secret], body, sentAt);
    expect(verifyKippuWebhook({ secrets: [secret], headers, body, now: now + 301 })).toEqual({
      ok: false,
      reason: 'timestamp too old',
    });
    // A replayer who moves the timestamp breaks the signature, which covers it.
    const moved = { ...headers, 'kippu-webhook-timestamp': String(now + 301) };
    expect(verifyKippuWebhook({ secrets: [secret], headers: moved, body, now: now + 301 }).ok).toBe(false);
  });

  it('during a rotation both secrets sign: a receiver on either one accepts', () => {
    const headers = webhookHeaders('evt-1', [secret, previous], body, sentAt);
    expect(headers['kippu-webhook-signature']).toMatch(/^v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifyKippuWebhook({ secrets: [previous], headers, body, now }).ok).toBe(true);
    expect(verifyKippuWebhook({ secrets: [secret], headers, body, now }).ok).toBe(true);
  });
});
