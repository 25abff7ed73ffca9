import { afterEach, describe, expect, it } from 'vitest';
import { changeAwayForPayment, rememberChangePaymentAway } from './change-payment-away.ts';
import { useCoreStore } from './core-store.ts';
import { useSpotStore } from './spot-store.ts';
import { useTicketStore } from './ticket-store.ts';

const CHANGE = { reservationToken: 'r1', timechangeToken: 't1' };

afterEach(() => {
  useTicketStore.getState().clearChangeDate();
  useSpotStore.setState({ orderToken: null });
});

/** Whether a gateway's return is a change of date's top-up (the payment callbacks, the error navigation). */
describe('a change of date away for payment', () => {
  it('is the change whose checkout left for the gateway, until another payment leaves after it', () => {
    rememberChangePaymentAway('P-1', CHANGE);
    expect(useCoreStore.getState().paymentNumber).toBe('P-1');
    expect(changeAwayForPayment()).toEqual(CHANGE);

    // A booking's checkout then left for 3-D Secure (use-checkout.ts keeps its payment number).
    useCoreStore.getState().set({ paymentNumber: 'P-2' });
    expect(changeAwayForPayment()).toBeNull();
  });

  it('is not a change left on its payment-confirm screen after an earlier attempt, once a booking has left', () => {
    // The change's payment saved by its payment screen, and an earlier attempt away (P-0) that came back;
    // then the visitor booked in the same tab and that checkout left for 3-D Secure with P-2.
    useTicketStore.getState().set({ changeDatePayment: { method: 'gmo_3ds', timechangeToken: 't1' } });
    rememberChangePaymentAway('P-0', CHANGE);
    useCoreStore.getState().set({ paymentNumber: 'P-2' });
    expect(changeAwayForPayment()).toBeNull();
  });

  it('gives way to a spot purchase that left after it', () => {
    rememberChangePaymentAway('P-1', CHANGE);
    useSpotStore.setState({ orderToken: 'spot-1' });
    // The spot checkout left for its gateway (spot-payment-form.tsx keeps its payment number).
    useCoreStore.getState().set({ paymentNumber: 'P-2' });
    expect(changeAwayForPayment()).toBeNull();
  });

  it('is over once the change date flow starts again', () => {
    rememberChangePaymentAway('P-1', CHANGE);
    useTicketStore.getState().clearChangeDate();
    expect(changeAwayForPayment()).toBeNull();
  });
});
