import Fastify from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { perClientRateLimit } from '../rate-limit.ts';
import type { SharedCounters } from './shared-counters.ts';
import { sharedRateLimitStore } from './shared-rate-limit-store.ts';

/** Which routes' counts may wait for company (ADR 120): a route says so through perClientRateLimit. */
describe('sharedRateLimitStore: patient routes', () => {
  it('passes a patient route’s calls to the counters as patient, and every other route’s as not', async () => {
    const seen: { key: string; patient: boolean | undefined }[] = [];
    const counters: SharedCounters = {
      name: 'test',
      incr: async (key, _windowMs, patient) => {
        seen.push({ key, patient });
        return { current: 1, ttl: 60_000 };
      },
      close: async () => undefined,
    };
    const app = Fastify();
    await app.register(fastifyRateLimit, { global: false, store: sharedRateLimitStore(counters, app.log) });
    const budget = { max: 5, timeWindow: '1 minute' };
    app.post('/joins', { config: perClientRateLimit('joins', budget, { patient: true }) }, async () => 'ok');
    app.post('/holds', { config: perClientRateLimit('holds', budget) }, async () => 'ok');
    try {
      expect((await app.inject({ method: 'POST', url: '/joins' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/holds' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    expect(seen.map(({ key, patient }) => [key.split('|')[1], patient])).toEqual([
      ['joins', true],
      ['holds', false],
    ]);
  });
});
