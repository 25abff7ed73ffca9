import {
  providerEvent,
  type PaymentProvider,
  type ProviderEvent,
} from '../../domain/payments/payment-provider.ts';

/**
 * The counter's methods (cash, card terminal; issue 29, ADR 077): the money changed hands at the box office
 * before the sale is recorded, so there is no gateway to ask. `start` answers `done` at once; a card
 * terminal's approval number (what staff typed or the terminal printed) is kept in the provider events, so
 * a dispute can be matched with the terminal's journal. Money goes back the same way, by hand: `manual`.
 */
function counterProvider(method: 'cash' | 'card_terminal'): PaymentProvider {
  return {
    family: 'counter',
    publicFields: () => ({}),
    async start(attempt, input) {
      const events: ProviderEvent[] =
        method === 'card_terminal'
          ? [providerEvent('terminal', { approval: input.terminalApproval ?? null, amount: attempt.amount })]
          : [];
      return { kind: 'done', providerReference: null, events };
    },
    // Nothing is ever redirected or called back.
    async complete() {
      return { kind: 'done', events: [] };
    },
    // The attempt is exactly what our own row says: it was taken when it was recorded.
    async status() {
      return 'confirmed';
    },
    async refund(_attempt, request) {
      return { kind: 'manual', events: [providerEvent('manual_refund', { amount: request.amount })] };
    },
  };
}

export const cashProvider = counterProvider('cash');
export const cardTerminalProvider = counterProvider('card_terminal');
