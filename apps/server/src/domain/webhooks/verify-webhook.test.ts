import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
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
const { verifyKippuWebhook, createKippuReceiver, createReplayGuard } = (await import(snippet)) as {
  verifyKippuWebhook: Verify;
  createKippuReceiver: (options: {
    secrets: string[];
    onEvent: (event: { id: string }) => void;
  }) => RequestListener;
  createReplayGuard: (options: { windowSeconds?: number; maxIds?: number }) => {
    remember: (id: string, now: number) => 'first' | 'seen' | 'busy';
  };
};

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

  it('takes the id from the signed body: a changed id header is refused', () => {
    const headers = webhookHeaders('evt-1', [secret], body, sentAt);
    expect(
      verifyKippuWebhook({
        secrets: [secret],
        headers: { ...headers, 'kippu-webhook-id': 'evt-2' },
        body,
        now,
      }),
    ).toEqual({ ok: false, reason: 'id mismatch' });
    const { 'kippu-webhook-id': _dropped, ...withoutId } = headers;
    expect(verifyKippuWebhook({ secrets: [secret], headers: withoutId, body, now })).toEqual({
      ok: true,
      id: 'evt-1',
    });
  });

  it('the example receiver refuses the same request sent twice within the window (handled once)', async () => {
    const handled: string[] = [];
    const server = createServer(
      createKippuReceiver({ secrets: [secret], onEvent: (event) => handled.push(event.id) }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const headers = webhookHeaders('evt-1', [secret], body, Date.now());
      const first = await fetch(url, { method: 'POST', headers, body });
      const replay = await fetch(url, { method: 'POST', headers, body });
      expect(first.status).toBe(204);
      expect(replay.status).toBe(200);
      expect(await replay.text()).toMatch(/^duplicate/);
      // Kippu's own redelivery of the event (new timestamp, new signature, same id) is not handled again either.
      const redelivery = await fetch(url, {
        method: 'POST',
        headers: webhookHeaders('evt-1', [secret], body, Date.now() + 1000),
        body,
      });
      expect(redelivery.status).toBe(200);
      const other = JSON.stringify({ id: 'evt-2', type: 'ping', data: {} });
      expect(
        (
          await fetch(url, {
            method: 'POST',
            headers: webhookHeaders('evt-2', [secret], other, Date.now()),
            body: other,
          })
        ).status,
      ).toBe(204);
      expect(handled).toEqual(['evt-1', 'evt-2']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('the replay guard forgets an id after the window and stays bounded (full: busy, never forgetting early)', () => {
    const guard = createReplayGuard({ windowSeconds: 600, maxIds: 2 });
    expect(guard.remember('a', 1000)).toBe('first');
    expect(guard.remember('a', 1599)).toBe('seen');
    expect(guard.remember('b', 1100)).toBe('first');
    expect(guard.remember('c', 1200)).toBe('busy');
    expect(guard.remember('a', 1600)).toBe('first'); // a's window ended at 1600: forgotten, room again
    expect(guard.remember('b', 1650)).toBe('seen');
  });
});
