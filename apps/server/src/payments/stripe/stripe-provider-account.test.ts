import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { PaymentAttempt } from '../../domain/payments/payment-provider.ts';
import { createStripeCardProvider } from './stripe-provider.ts';

/**
 * The attempt object checkout holds carries the account its start stored (ADR 127): checkout asks the status
 * of a start that threw (a create whose answer was lost after the charge) and refunds an order gone meanwhile
 * through that same object, so those calls must go to the stored account even after the site moved on.
 */
describe('a Stripe start keeps its stored account on the attempt', () => {
  /** A client of one account: what it was asked, and a create whose answer never arrives. */
  function fakeAccount(name: string, asked: string[]) {
    return {
      name,
      paymentIntents: {
        create: async () => {
          asked.push(`${name}: create`);
          throw new Error('socket hang up');
        },
        search: async () => {
          asked.push(`${name}: search`);
          return { data: [{ id: 'pi_1', status: 'succeeded', metadata: {} }] };
        },
      },
    } as unknown as Stripe & { name: string };
  }

  it('a status asked after a start that threw goes to the account the start stored, not the site’s new one', async () => {
    const asked: string[] = [];
    const first = fakeAccount('acct_first', asked);
    const second = fakeAccount('acct_second', asked);
    let current = first;
    const stored = new Map<number, string>();
    const provider = createStripeCardProvider({
      clientOf: async () => current,
      accounts: {
        accountOf: async (client) => (client as typeof first).name,
        clientOfAccount: async (_site, account) => [first, second].find((c) => c.name === account) ?? null,
        record: async (attempt, account) => {
          if (!stored.has(attempt.id)) stored.set(attempt.id, account);
          return stored.get(attempt.id)!;
        },
      },
      threeDSecure: false,
      returnUrl: () => 'https://kippu.test/return',
      scriptUrl: '/stripe.js',
      publishableKey: undefined,
      testMode: true,
    });
    const attempt: PaymentAttempt = {
      id: 7,
      method: 'stripe',
      siteCode: 'DEMO',
      amount: 1000,
      currency: 'JPY',
      paymentNumber: 'P-7',
      idempotencyKey: 'key-7',
      providerReference: null,
    };

    await expect(provider.start(attempt, { token: 'pm_card' })).rejects.toThrow('socket hang up');
    expect(attempt.providerAccount).toBe('acct_first');
    // Staff save the venue's new account before checkout asks what became of the charge.
    current = second;
    await provider.status(attempt);
    expect(asked).toEqual(['acct_first: create', 'acct_first: search']);
  });
});
