import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SBPS_SIMULATOR_MERCHANT } from '@kippu/contract/gateway-simulator';
import { createSbpsSimulator } from '@kippu/gateway-simulator';
import { setupTestApp } from '../../../test/helper.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import { readyOrder } from '../../../test/checkout-support.ts';
import { orderById, transitionOrders } from '../../domain/orders/order-state.ts';
import { insertAttempt } from '../../domain/payments/payment-attempts.ts';
import { GatewayUnavailableError, type PaymentAttempt } from '../../domain/payments/payment-provider.ts';
import { REFUND_EXCEEDS_REMAINING } from '../refund-once.ts';
import { sbpsConfig } from './sbps-config.ts';
import { createSbpsProvider, REFUND_API_ID } from './sbps-link-provider.ts';
import {
  decodeSbpsXml,
  encodeSbpsXml,
  PARTIAL_REFUND_API_ID,
  PARTIAL_REFUND_FIELDS,
  sbpsDate,
  signFields,
} from './sbps-protocol.ts';

const ctx = setupTestApp();

/**
 * SoftBank Payment Service refunds by amount (ADR 077) over its XML API to the simulator: the refund request
 * for all that is left, the partial refund request for a part; our key's row dedupes.
 */
describe('SoftBank Payment Service refunds', () => {
  function gateway() {
    const simulator = createSbpsSimulator(ctx.db);
    const calls: string[] = [];
    let lose: string | null = null;
    const transport = async (xml: string) => {
      const id = /id="([^"]+)"/.exec(xml)?.[1] ?? '';
      calls.push(id);
      const answer = await simulator.api(xml);
      if (id === lose) {
        lose = null;
        throw new GatewayUnavailableError(`SBPS ${id}: no answer (test)`);
      }
      return answer;
    };
    const provider = createSbpsProvider(sbpsConfig(ctx.env), transport, 'softbank_credit', ctx.db);
    return { provider, calls, loseAnswerOf: (id: string) => (lose = id) };
  }

  /** A ¥5,000 card payment the gateway took (its row as the card page leaves it). */
  async function paid(): Promise<PaymentAttempt> {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const attempt = await ctx.db.transaction(async (tx) => {
      await transitionOrders(tx, { orders: orderById(order.id), to: 'paying', reason: 'checkout' });
      return insertAttempt(tx, {
        orderId: order.id,
        siteCode: 'DEMO',
        method: 'softbank_credit',
        amount: 5000,
        currency: 'JPY',
      });
    });
    await ctx.db.execute(sql`
      INSERT INTO gateway_sim.sbps_transactions
        (tracking_id, merchant_id, service_id, order_id, pay_method, amount, request, status)
      VALUES (${randomBytes(7).toString('hex')}, ${SBPS_SIMULATOR_MERCHANT.merchantId},
              ${SBPS_SIMULATOR_MERCHANT.serviceId}, ${attempt.idempotencyKey}, 'credit', 5000, '{}', 'paid')`);
    return attempt;
  }

  async function atGateway(attempt: PaymentAttempt) {
    const { rows } = await ctx.db.execute<{ status: string; refunded_amount: string }>(sql`
      SELECT status, refunded_amount FROM gateway_sim.sbps_transactions WHERE order_id = ${attempt.idempotencyKey}`);
    return { status: rows[0]!.status, refunded: Number(rows[0]!.refunded_amount) };
  }

  it('gives all of it back with the refund request', async () => {
    const sbps = gateway();
    const attempt = await paid();
    const outcome = await sbps.provider.refund(attempt, { amount: 5000, refundKey: 'sbps-full' });
    expect(outcome).toMatchObject({ kind: 'refunded', providerReference: expect.any(String) });
    expect(sbps.calls.at(-1)).toBe(REFUND_API_ID);
    expect(await atGateway(attempt)).toEqual({ status: 'refunded', refunded: 5000 });
  });

  it('gives a part back with the partial refund request, then the rest', async () => {
    const sbps = gateway();
    const attempt = await paid();
    expect((await sbps.provider.refund(attempt, { amount: 1200, refundKey: 'sbps-part-1' })).kind).toBe(
      'refunded',
    );
    expect(sbps.calls.at(-1)).toBe(PARTIAL_REFUND_API_ID);
    expect(await atGateway(attempt)).toEqual({ status: 'paid', refunded: 1200 });
    expect(await sbps.provider.status(attempt)).toBe('confirmed');
    expect((await sbps.provider.refund(attempt, { amount: 3800, refundKey: 'sbps-part-2' })).kind).toBe(
      'refunded',
    );
    expect(sbps.calls.at(-1)).toBe(REFUND_API_ID);
    expect(await atGateway(attempt)).toEqual({ status: 'refunded', refunded: 5000 });
  });

  it('refuses more than the status query says remains, before any refund call', async () => {
    const sbps = gateway();
    const attempt = await paid();
    await sbps.provider.refund(attempt, { amount: 4000, refundKey: 'sbps-over-1' });
    expect(await sbps.provider.refund(attempt, { amount: 1001, refundKey: 'sbps-over-2' })).toMatchObject({
      kind: 'failed',
      code: REFUND_EXCEEDS_REMAINING,
    });
    expect(sbps.calls.at(-1)).toBe('MG01-00101-101');
    expect(await atGateway(attempt)).toEqual({ status: 'paid', refunded: 4000 });
  });

  it('the simulator refuses a partial refund above what the payment holds', async () => {
    const attempt = await paid();
    const { rows } = await ctx.db.execute<{ tracking_id: string }>(
      sql`SELECT tracking_id FROM gateway_sim.sbps_transactions WHERE order_id = ${attempt.idempotencyKey}`,
    );
    const { amount, ...signed } = signFields(
      {
        merchant_id: SBPS_SIMULATOR_MERCHANT.merchantId,
        service_id: SBPS_SIMULATOR_MERCHANT.serviceId,
        tracking_id: rows[0]!.tracking_id,
        amount: '5001',
        request_date: sbpsDate(),
      },
      PARTIAL_REFUND_FIELDS,
      SBPS_SIMULATOR_MERCHANT.hashKey,
    );
    const xml = encodeSbpsXml('sps-api-request', PARTIAL_REFUND_API_ID, {
      ...signed,
      pay_option_manage: { amount: amount! },
    });
    const answer = decodeSbpsXml(await createSbpsSimulator(ctx.db).api(xml));
    expect(answer).toMatchObject({ res_result: 'NG', res_err_code: '30307999' });
    expect(await atGateway(attempt)).toEqual({ status: 'paid', refunded: 0 });
  });

  it('the same key twice gives back once, without a second call', async () => {
    const sbps = gateway();
    const attempt = await paid();
    const request = { amount: 700, refundKey: 'sbps-twice' };
    expect((await sbps.provider.refund(attempt, request)).kind).toBe('refunded');
    const sent = sbps.calls.length;
    expect((await sbps.provider.refund(attempt, request)).kind).toBe('refunded');
    expect(sbps.calls.length).toBe(sent);
    expect(await atGateway(attempt)).toEqual({ status: 'paid', refunded: 700 });
  });

  it('a lost answer throws GatewayUnavailableError; the retry with the same key finds it done', async () => {
    const sbps = gateway();
    const attempt = await paid();
    const request = { amount: 900, refundKey: 'sbps-lost' };
    sbps.loseAnswerOf(PARTIAL_REFUND_API_ID);
    await expect(sbps.provider.refund(attempt, request)).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect((await sbps.provider.refund(attempt, request)).kind).toBe('refunded');
    expect(sbps.calls.filter((id) => id === PARTIAL_REFUND_API_ID)).toHaveLength(1);
    expect(await atGateway(attempt)).toEqual({ status: 'paid', refunded: 900 });
  });
});
