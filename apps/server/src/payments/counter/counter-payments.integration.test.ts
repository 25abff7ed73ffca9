import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';
import { productWithSlot } from '../../../test/order-support.ts';
import { readyOrder } from '../../../test/checkout-support.ts';
import { orderById, transitionOrders } from '../../domain/orders/order-state.ts';
import { insertAttempt } from '../../domain/payments/payment-attempts.ts';

const ctx = setupTestApp();

/**
 * The counter family (issue 29, ADR 077): cash and the card terminal, registered in the app's payment
 * registry under the contract's kinds. The money changed hands at the counter; giving it back is by hand.
 */
describe('the counter family', () => {
  async function attempt(method: 'cash' | 'card_terminal') {
    const slot = await productWithSlot(ctx.db, 10);
    const order = await readyOrder(ctx.app, ctx.db, slot, 2);
    return ctx.db.transaction(async (tx) => {
      await transitionOrders(tx, { orders: orderById(order.id), to: 'paying', reason: 'checkout' });
      return insertAttempt(tx, {
        orderId: order.id,
        siteCode: 'DEMO',
        method,
        amount: 6000,
        currency: 'JPY',
      });
    });
  }

  it('is registered under the kinds cash and terminal', () => {
    expect(ctx.app.payments.kindOf('cash')).toBe('cash');
    expect(ctx.app.payments.kindOf('card_terminal')).toBe('terminal');
    expect(ctx.app.payments.providerFor('cash')?.family).toBe('counter');
    expect(ctx.app.payments.providerFor('card_terminal')?.family).toBe('counter');
  });

  it('card terminal: done at once, its approval number kept in the events; confirmed; refunds are manual', async () => {
    const paid = await attempt('card_terminal');
    const provider = ctx.app.payments.providerFor('card_terminal')!;
    const started = await provider.start(paid, { terminalApproval: '123456' });
    expect(started).toMatchObject({ kind: 'done', providerReference: null });
    expect(started.events).toEqual([
      expect.objectContaining({ call: 'terminal', result: { approval: '123456', amount: 6000 } }),
    ]);
    expect(await provider.status(paid)).toBe('confirmed');
    const refund = await provider.refund(paid, { amount: 2000, refundKey: `refund-${paid.id}` });
    expect(refund).toMatchObject({ kind: 'manual' });
  });

  it('cash: done at once with nothing stored; refunds are manual', async () => {
    const paid = await attempt('cash');
    const provider = ctx.app.payments.providerFor('cash')!;
    expect(await provider.start(paid, {})).toEqual({ kind: 'done', providerReference: null, events: [] });
    expect((await provider.refund(paid, { amount: 6000, refundKey: `refund-${paid.id}` })).kind).toBe(
      'manual',
    );
  });
});
