import { providerEvent, type PaymentProvider } from '../../domain/payments/payment-provider.ts';

/**
 * The `free` method: an order that totals nothing is reserved without any gateway. A non-zero total is
 * refused (declined, so the visitor goes back to choose a paying method and nothing is reserved unpaid).
 */
export const freeProvider: PaymentProvider = {
  family: 'free',
  publicFields: () => ({}),
  async start(attempt) {
    if (attempt.amount !== 0) {
      return {
        kind: 'declined',
        providerReference: null,
        code: 'free_requires_zero_total',
        events: [providerEvent('free', { amount: attempt.amount, refused: true })],
      };
    }
    return { kind: 'done', providerReference: null, events: [] };
  },
  async complete() {
    return { kind: 'done', events: [] };
  },
  // Nothing ever reaches a gateway: a free attempt is exactly what our own row says.
  async status() {
    return 'confirmed';
  },
  // Nothing was taken, so nothing is owed: a ¥0 payment is refunded at once.
  async refund() {
    return { kind: 'refunded', providerReference: null, events: [] };
  },
};
