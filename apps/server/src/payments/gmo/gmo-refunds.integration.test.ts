import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGmoSimulator, simulatorGmoTransport } from '@kippu/gateway-simulator';
import { setupTestApp } from '../../../test/helper.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import { CARDS, cardToken, paymentsOf, readyOrder } from '../../../test/checkout-support.ts';
import { answerCashier, checkoutRedirect, offerWallets } from '../../../test/gmo-redirect-support.ts';
import { orderById, transitionOrders } from '../../domain/orders/order-state.ts';
import { attemptById, insertAttempt } from '../../domain/payments/payment-attempts.ts';
import { GatewayUnavailableError, type PaymentAttempt } from '../../domain/payments/payment-provider.ts';
import { REFUND_EXCEEDS_REMAINING } from '../refund-once.ts';
import { createGmoCardProvider } from './gmo-card-provider.ts';
import type { GmoApi, GmoTransport } from './gmo-protocol.ts';
import { gmoShopDirectory } from './gmo-shops.ts';
import { createGmoWalletProvider, type GmoWallet } from './gmo-wallet-provider.ts';

const ctx = setupTestApp();
beforeAll(() => offerWallets(ctx.db));

/**
 * The simulator as the providers' transport, counting each call; `loseAnswerOf` makes that call go through
 * at the gateway and its answer get lost (a time-out: the transport throws GatewayUnavailableError).
 */
function gateway() {
  const simulator = simulatorGmoTransport(
    createGmoSimulator(ctx.db),
    (message, cause) => new GatewayUnavailableError(message, { cause }),
  );
  const calls: GmoApi[] = [];
  let lose: GmoApi | null = null;
  const transport: GmoTransport = async (api, params) => {
    calls.push(api);
    const answer = await simulator(api, params);
    if (api === lose) {
      lose = null;
      throw new GatewayUnavailableError(`GMO ${api}: no answer (test)`);
    }
    return answer;
  };
  return { transport, calls, loseAnswerOf: (api: GmoApi) => (lose = api) };
}

async function trade(orderId: string) {
  const { rows } = await ctx.db.execute<{ status: string; amount: string }>(
    sql`SELECT status, amount FROM gateway_sim.gmo_transactions WHERE order_id = ${orderId}`,
  );
  return { status: rows[0]!.status, amount: Number(rows[0]!.amount) };
}

describe('GMO-PG card refunds (ADR 077)', () => {
  function card() {
    const wire = gateway();
    const provider = createGmoCardProvider({
      transport: wire.transport,
      refundCalls: ctx.db,
      shopOf: gmoShopDirectory(ctx.db, true),
      threeDSecure: false,
      tokenScriptUrl: '/simulator/gmo/ext/js/token.js',
      testMode: true,
    });
    return { ...wire, provider };
  }

  /** A card payment of ¥6,000 taken at the simulator. */
  async function paid(provider: ReturnType<typeof card>['provider']): Promise<PaymentAttempt> {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const attempt = await ctx.db.transaction(async (tx) => {
      await transitionOrders(tx, { orders: orderById(order.id), to: 'paying', reason: 'checkout' });
      return insertAttempt(tx, {
        orderId: order.id,
        siteCode: 'DEMO',
        method: 'gmo',
        amount: 6000,
        currency: 'JPY',
      });
    });
    const outcome = await provider.start(attempt, { token: await cardToken(ctx.app, CARDS.visa) });
    expect(outcome.kind).toBe('done');
    return attempt;
  }

  it('gives all of it back with AlterTran VOID on the day of the sale', async () => {
    const gmo = card();
    const attempt = await paid(gmo.provider);
    const outcome = await gmo.provider.refund(attempt, { amount: 6000, refundKey: 'card-full' });
    expect(outcome).toMatchObject({ kind: 'refunded', providerReference: expect.any(String) });
    expect(gmo.calls.slice(-2)).toEqual(['SearchTrade', 'AlterTran']);
    expect(await trade(attempt.idempotencyKey)).toEqual({ status: 'VOID', amount: 6000 });
  });

  it('gives a part back with ChangeTran to the lower amount, then the rest with AlterTran', async () => {
    const gmo = card();
    const attempt = await paid(gmo.provider);
    expect(await gmo.provider.refund(attempt, { amount: 2500, refundKey: 'card-part-1' })).toMatchObject({
      kind: 'refunded',
    });
    expect(gmo.calls.at(-1)).toBe('ChangeTran');
    expect(await trade(attempt.idempotencyKey)).toEqual({ status: 'CAPTURE', amount: 3500 });

    expect(await gmo.provider.refund(attempt, { amount: 3500, refundKey: 'card-part-2' })).toMatchObject({
      kind: 'refunded',
    });
    expect(gmo.calls.at(-1)).toBe('AlterTran');
    expect(await trade(attempt.idempotencyKey)).toMatchObject({ status: 'VOID' });
  });

  it('refuses more than remains, and so does the simulator', async () => {
    const gmo = card();
    const attempt = await paid(gmo.provider);
    await gmo.provider.refund(attempt, { amount: 5000, refundKey: 'card-over-1' });
    const over = await gmo.provider.refund(attempt, { amount: 1001, refundKey: 'card-over-2' });
    expect(over).toMatchObject({ kind: 'failed', code: REFUND_EXCEEDS_REMAINING });
    expect(gmo.calls.at(-1)).toBe('SearchTrade');
    expect(await trade(attempt.idempotencyKey)).toEqual({ status: 'CAPTURE', amount: 1000 });

    // The gateway itself: a "change" above what the trade holds is refused with its error code.
    const search = await gmo.transport('SearchTrade', {
      ShopID: 'tshop_test_demo',
      ShopPass: 'x',
      OrderID: attempt.idempotencyKey,
    });
    const raised = await gmo.transport('ChangeTran', {
      ShopID: 'tshop_test_demo',
      ShopPass: 'x',
      AccessID: search.AccessID!,
      AccessPass: search.AccessPass!,
      JobCd: 'CAPTURE',
      Amount: '1500',
    });
    expect(raised).toEqual({ ErrCode: 'E01', ErrInfo: 'E01060021' });
    expect(await trade(attempt.idempotencyKey)).toEqual({ status: 'CAPTURE', amount: 1000 });
  });

  it('the same key twice gives back once, without a second call', async () => {
    const gmo = card();
    const attempt = await paid(gmo.provider);
    const request = { amount: 1000, refundKey: 'card-twice' };
    expect((await gmo.provider.refund(attempt, request)).kind).toBe('refunded');
    const sent = gmo.calls.length;
    expect((await gmo.provider.refund(attempt, request)).kind).toBe('refunded');
    expect(gmo.calls.length).toBe(sent);
    expect(await trade(attempt.idempotencyKey)).toEqual({ status: 'CAPTURE', amount: 5000 });
  });

  it('a lost answer throws GatewayUnavailableError; the retry with the same key finds it done', async () => {
    const gmo = card();
    const attempt = await paid(gmo.provider);
    const request = { amount: 2000, refundKey: 'card-lost' };
    gmo.loseAnswerOf('ChangeTran');
    await expect(gmo.provider.refund(attempt, request)).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(await trade(attempt.idempotencyKey)).toEqual({ status: 'CAPTURE', amount: 4000 });

    expect(await gmo.provider.refund(attempt, request)).toMatchObject({ kind: 'refunded' });
    expect(gmo.calls.filter((api) => api === 'ChangeTran')).toHaveLength(1);
    expect(await trade(attempt.idempotencyKey)).toEqual({ status: 'CAPTURE', amount: 4000 });
  });

  it('a gateway that never answered the status call: GatewayUnavailableError, nothing sent', async () => {
    const gmo = card();
    const attempt = await paid(gmo.provider);
    gmo.loseAnswerOf('SearchTrade');
    await expect(
      gmo.provider.refund(attempt, { amount: 6000, refundKey: 'card-no-status' }),
    ).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(await trade(attempt.idempotencyKey)).toEqual({ status: 'CAPTURE', amount: 6000 });
  });
});

describe.each(['paypay', 'alipay'] as const)('GMO-PG %s refunds (ADR 077)', (wallet: GmoWallet) => {
  const method = wallet === 'paypay' ? 'gmo_paypay' : 'alipay';
  const cancelApi: GmoApi = wallet === 'paypay' ? 'PaypayCancelReturn' : 'AlipayCancelReturn';

  function walletProvider() {
    const wire = gateway();
    const provider = createGmoWalletProvider({
      wallet,
      transport: wire.transport,
      refundCalls: ctx.db,
      shopOf: gmoShopDirectory(ctx.db, true),
      returnUrl: () => 'http://localhost/unused',
    });
    return { ...wire, provider };
  }

  /** A wallet payment approved at the simulator's cashier (2 tickets). */
  async function paid(): Promise<PaymentAttempt> {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    const redirect = await checkoutRedirect(ctx.app, order.token, { payment_method_type: method });
    expect((await answerCashier(ctx.app, redirect.redirect_url, 'approve')).statusCode).toBe(303);
    const [payment] = await paymentsOf(ctx.db, order.id);
    return (await attemptById(ctx.db, payment!.id))!;
  }

  it('gives all back, or a part and then the rest, with CancelAmount', async () => {
    const gmo = walletProvider();
    const whole = await paid();
    expect(
      await gmo.provider.refund(whole, { amount: whole.amount, refundKey: `${wallet}-full` }),
    ).toMatchObject({
      kind: 'refunded',
    });
    expect(await trade(whole.idempotencyKey)).toEqual({ status: 'CANCEL', amount: 0 });

    const part = await paid();
    expect(await gmo.provider.refund(part, { amount: 1000, refundKey: `${wallet}-part` })).toMatchObject({
      kind: 'refunded',
    });
    expect(gmo.calls.at(-1)).toBe(cancelApi);
    expect(await trade(part.idempotencyKey)).toEqual({ status: 'CAPTURE', amount: part.amount - 1000 });
    const rest = { amount: part.amount - 1000, refundKey: `${wallet}-rest` };
    expect((await gmo.provider.refund(part, rest)).kind).toBe('refunded');
    expect(await trade(part.idempotencyKey)).toEqual({ status: 'CANCEL', amount: 0 });
  });

  it('refuses more than remains; the simulator refuses a CancelAmount above the trade', async () => {
    const gmo = walletProvider();
    const attempt = await paid();
    const over = await gmo.provider.refund(attempt, {
      amount: attempt.amount + 1,
      refundKey: `${wallet}-over`,
    });
    expect(over).toMatchObject({ kind: 'failed', code: REFUND_EXCEEDS_REMAINING });
    const search = await gmo.transport('SearchTradeMulti', {
      ShopID: 'tshop_test_demo',
      ShopPass: 'x',
      OrderID: attempt.idempotencyKey,
      PayType: wallet === 'paypay' ? '45' : '14',
    });
    const raised = await gmo.transport(cancelApi, {
      ShopID: 'tshop_test_demo',
      ShopPass: 'x',
      AccessID: search.AccessID!,
      AccessPass: search.AccessPass!,
      OrderID: attempt.idempotencyKey,
      CancelAmount: String(attempt.amount + 1),
    });
    expect(raised).toEqual({ ErrCode: 'E01', ErrInfo: 'E01060021' });
    expect(await trade(attempt.idempotencyKey)).toEqual({ status: 'CAPTURE', amount: attempt.amount });
  });

  it('the same key twice, and after a lost answer, gives back once', async () => {
    const gmo = walletProvider();
    const attempt = await paid();
    const request = { amount: 500, refundKey: `${wallet}-twice` };
    gmo.loseAnswerOf(cancelApi);
    await expect(gmo.provider.refund(attempt, request)).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect((await gmo.provider.refund(attempt, request)).kind).toBe('refunded');
    expect((await gmo.provider.refund(attempt, request)).kind).toBe('refunded');
    expect(gmo.calls.filter((api) => api === cancelApi)).toHaveLength(1);
    expect(await trade(attempt.idempotencyKey)).toEqual({ status: 'CAPTURE', amount: attempt.amount - 500 });
  });
});
