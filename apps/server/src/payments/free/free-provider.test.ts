import { describe, expect, it } from 'vitest';
import { freeProvider } from './free-provider.ts';

describe('the free method refunds (ADR 077)', () => {
  it('answers refunded at once for ¥0: nothing was taken, nothing is owed, staff have nothing to do', async () => {
    const attempt = {
      id: 1,
      method: 'free',
      siteCode: 'DEMO',
      amount: 0,
      currency: 'JPY',
      paymentNumber: 'P-1',
      idempotencyKey: 'k-1',
      providerReference: null,
    };
    expect(await freeProvider.refund(attempt, { amount: 0, refundKey: 'refund-1' })).toEqual({
      kind: 'refunded',
      providerReference: null,
      events: [],
    });
  });
});
