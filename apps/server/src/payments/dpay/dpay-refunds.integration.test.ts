import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DPAY_TEST_ACCOUNTS } from '@kippu/contract/stripe-test-cards';
import { createDpaySimulator } from '@kippu/gateway-simulator';
import { setupTestApp } from '../../../test/helper.ts';
import { GatewayUnavailableError, type PaymentAttempt } from '../../domain/payments/payment-provider.ts';
import type { DpayTransport } from './dpay-protocol.ts';
import { createDpayProvider } from './dpay-provider.ts';

const ctx = setupTestApp();

/** d払い refunds by amount (ADR 077): the carrier's cancel with an amount, deduped by our refund key. */
describe('d払い refunds', () => {
  function carrier() {
    const simulator = createDpaySimulator(ctx.db);
    const refunds: string[] = [];
    let loseNext = false;
    const transport: DpayTransport = {
      ...simulator.transport,
      async refund(orderRef, request) {
        refunds.push(request.refundId);
        const answer = await simulator.transport.refund(orderRef, request);
        if (loseNext) {
          loseNext = false;
          throw new GatewayUnavailableError('d払い refund: no answer (test)');
        }
        return answer;
      },
    };
    const provider = createDpayProvider({
      db: ctx.db,
      transport,
      confirmScreenUrl: () => 'http://localhost/unused',
      authorizationUrl: 'http://localhost/unused',
      testMode: true,
    });
    return { simulator, provider, refunds, loseNextAnswer: () => (loseNext = true) };
  }

  /** A ¥4,000 payment the carrier took (its payment token, then the visitor's "pay" on its page). */
  async function paid(gateway: ReturnType<typeof carrier>): Promise<PaymentAttempt> {
    const orderRef = `dpay-${randomBytes(6).toString('hex')}`;
    const token = await gateway.simulator.transport.paymentToken({
      accessToken: `at_${DPAY_TEST_ACCOUNTS.success}_${randomBytes(8).toString('hex')}`,
      orderRef,
      amount: 4000,
      returnUrl: 'http://localhost/unused',
    });
    if ('error' in token) throw new Error(token.error);
    expect(await gateway.simulator.decide(token.s_cptok, true)).toMatchObject({ status: 'paid' });
    return {
      id: 1,
      method: 'd_pay',
      siteCode: 'DEMO',
      amount: 4000,
      currency: 'JPY',
      paymentNumber: orderRef,
      idempotencyKey: orderRef,
      providerReference: `dpay-${orderRef}`,
    };
  }

  async function atCarrier(attempt: PaymentAttempt) {
    const { rows } = await ctx.db.execute<{ status: string; refunded_amount: string; refunds: number }>(sql`
      SELECT status, refunded_amount,
             (SELECT count(*)::int FROM gateway_sim.dpay_refunds r WHERE r.order_ref = p.order_ref) AS refunds
      FROM gateway_sim.dpay_payments p WHERE order_ref = ${attempt.idempotencyKey}`);
    const row = rows[0]!;
    return { status: row.status, refunded: Number(row.refunded_amount), refunds: row.refunds };
  }

  it('gives all of it back: the payment is refunded', async () => {
    const gateway = carrier();
    const attempt = await paid(gateway);
    const key = `${attempt.idempotencyKey}-all`;
    expect(await gateway.provider.refund(attempt, { amount: 4000, refundKey: key })).toMatchObject({
      kind: 'refunded',
      providerReference: key,
    });
    expect(await atCarrier(attempt)).toEqual({ status: 'refunded', refunded: 4000, refunds: 1 });
    expect(await gateway.provider.status(attempt)).toBe('failed');
  });

  it('gives a part back (still paid), then the rest', async () => {
    const gateway = carrier();
    const attempt = await paid(gateway);
    await gateway.provider.refund(attempt, { amount: 1500, refundKey: `${attempt.idempotencyKey}-a` });
    expect(await atCarrier(attempt)).toEqual({ status: 'paid', refunded: 1500, refunds: 1 });
    expect(await gateway.provider.status(attempt)).toBe('confirmed');
    await gateway.provider.refund(attempt, { amount: 2500, refundKey: `${attempt.idempotencyKey}-b` });
    expect(await atCarrier(attempt)).toEqual({ status: 'refunded', refunded: 4000, refunds: 2 });
  });

  it('refuses more than remains; nothing given back, and the key may be used again', async () => {
    const gateway = carrier();
    const attempt = await paid(gateway);
    await gateway.provider.refund(attempt, { amount: 3000, refundKey: `${attempt.idempotencyKey}-a` });
    const request = { amount: 1001, refundKey: `${attempt.idempotencyKey}-b` };
    expect(await gateway.provider.refund(attempt, request)).toMatchObject({
      kind: 'failed',
      code: 'amount_exceeds_remaining',
    });
    expect(await atCarrier(attempt)).toEqual({ status: 'paid', refunded: 3000, refunds: 1 });
    const fits = { amount: 1000, refundKey: request.refundKey };
    expect((await gateway.provider.refund(attempt, fits)).kind).toBe('refunded');
    expect(await atCarrier(attempt)).toEqual({ status: 'refunded', refunded: 4000, refunds: 2 });
  });

  it('the same key twice gives back once', async () => {
    const gateway = carrier();
    const attempt = await paid(gateway);
    const request = { amount: 800, refundKey: `${attempt.idempotencyKey}-twice` };
    expect((await gateway.provider.refund(attempt, request)).kind).toBe('refunded');
    expect((await gateway.provider.refund(attempt, request)).kind).toBe('refunded');
    expect(gateway.refunds).toHaveLength(2);
    expect(await atCarrier(attempt)).toEqual({ status: 'paid', refunded: 800, refunds: 1 });
  });

  it('a lost answer throws GatewayUnavailableError; the retry with the same key gives nothing more', async () => {
    const gateway = carrier();
    const attempt = await paid(gateway);
    const request = { amount: 600, refundKey: `${attempt.idempotencyKey}-lost` };
    gateway.loseNextAnswer();
    await expect(gateway.provider.refund(attempt, request)).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect((await gateway.provider.refund(attempt, request)).kind).toBe('refunded');
    expect(await atCarrier(attempt)).toEqual({ status: 'paid', refunded: 600, refunds: 1 });
  });
});
