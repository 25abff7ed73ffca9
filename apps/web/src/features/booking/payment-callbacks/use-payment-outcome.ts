import { useNavigate, useSearchParams } from 'react-router';
import type { PaymentFlow } from '@kippu/contract/enums';
import type { CallbackAnswer } from '@kippu/contract/endpoints/checkout';
import { paymentFailureSchema, type PaymentFailure } from '@kippu/contract/endpoints/payment-returns';
import { ERRORS } from '@kippu/contract/errors';
import { paths } from '../../../shared/routing/paths.ts';
import { completeHref } from '../../../shared/kiosk/kiosk-store.ts';
import { callbackFlow } from '../../../shared/routing/callback-flow.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { changeAwayForPayment } from '../../../shared/stores/change-payment-away.ts';
import type { ChangeTokens } from '../../../shared/stores/ticket-store.ts';
import { finishPurchase, type Reservation } from '../../../shared/purchase/finish-purchase.ts';
import { finishSpotPurchase } from '../../../shared/purchase/spot-purchase.ts';
import { useSpotStore } from '../../../shared/stores/spot-store.ts';
import { orderForCompletion } from './api/payment-calls.ts';

type Reserved = Extract<CallbackAnswer, { status: 'reserved' }>;
type PaymentErrorPage = { timeChange: boolean; inquiry: boolean; reference: string | null };

/** The spec's failure fields of a failed call, if it answered them. */
export function paymentFailureOf(error: unknown): PaymentFailure | null {
  if (!(error instanceof ApiError)) return null;
  const parsed = paymentFailureSchema.safeParse(error.response?.data);
  return parsed.success ? parsed.data : null;
}

/** The change of date a failure's time-change fields name, or null. */
const changeOf = (failure: PaymentFailure): ChangeTokens | null =>
  failure.is_time_change && failure.old_reservation_token && failure.time_change_token
    ? { reservationToken: failure.old_reservation_token, timechangeToken: failure.time_change_token }
    : null;

/**
 * Where to pay again: the payment page of the flow the server names (ADR 059), from the failure's fields
 * or, for an answer without them (SoftBank's refused card answers the catalogue's error alone), from the
 * callback URL's `flow`; the web never guesses it from its stores. A change of date's tokens, when the
 * answer carries none, are the ones its top-up left with. Fallback, documented: a callback URL naming no
 * flow (a link from before the server named it, or the SoftBank screen reached without its query) is the
 * booking's.
 */
export function paymentPage(failure: PaymentFailure | null, urlFlow: PaymentFlow | null): string {
  const flow = failure?.flow ?? urlFlow ?? 'booking';
  if (flow === 'change_date') {
    const change = (failure ? changeOf(failure) : null) ?? changeAwayForPayment();
    return change ? paths.changeDatePayment.getHref(change, { ref: 'c' }) : paths.error.getHref();
  }
  return flow === 'spot' ? paths.spotPayment.getHref() : paths.payment.getHref();
}

/**
 * What the payment callback screens do with an outcome (spec §4, 3DS return):
 *  - reserved: the completion data is stored and the complete page shows (as after checkout); a spot
 *    purchase is remembered on the phone and the spot mail-sent screen shows;
 *  - a failure the visitor may retry: a dialog whose OK returns to the matching payment page (the spot
 *    one for a spot order);
 *  - no retry, but an order token (or an unknown state): the payment-error page, its inquiry variant for
 *    `critical refund error` (money taken, not given back: staff must refund);
 *  - anything else: the error page.
 */
export function usePaymentOutcome() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  /** The flow the callback URL names (the server's return route put it there), for answers naming none. */
  const urlFlow = callbackFlow(params);

  /**
   * A spot purchase back from the gateway: the spot flow's mail-sent screen, as after its checkout; the spot
   * order in progress is remembered on the phone with its ticket.
   */
  const reservedSpot = async (reservation: Reservation) => {
    const spotOrderToken = useSpotStore.getState().orderToken;
    const order = spotOrderToken ? await orderForCompletion(spotOrderToken) : null;
    if (order) finishSpotPurchase(order, reservation);
    useCoreStore.getState().set({ paymentNumber: null });
    navigate(paths.spotEmailSended.getHref({ reservationToken: reservation.token }), { replace: true });
  };

  /** The flow's complete screen, by the flow the answer names (ADR 059), whatever else the stores hold. */
  const reserved = async (result: Reserved) => {
    if (result.flow === 'change_date') {
      // A change of date's top-up: its own complete screen, not the booking's. The payment is settled, as
      // after a booking's or a spot purchase's; the complete screen reads the change back by the record it
      // then clears.
      useCoreStore.getState().set({ paymentNumber: null });
      navigate(paths.changeDateComplete.getHref({ reservationToken: result.reservation_token }), {
        replace: true,
      });
      return;
    }
    const reservation = { token: result.reservation_token, number: result.reservation_number };
    if (result.flow === 'spot') return reservedSpot(reservation);
    const store = useCoreStore.getState();
    const order = store.orderToken ? await orderForCompletion(store.orderToken) : null;
    navigate(completeHref(reservation.token), { replace: true });
    if (order) {
      finishPurchase(order, reservation);
    } else {
      store.resetOrder();
      store.set({ orderToken: null, mailToken: null, gtmConversionData: null, paymentNumber: null });
    }
  };

  /**
   * The payment error page (spec §4): for a time change, and its inquiry variant for `critical refund
   * error` (money taken, not given back). Every variant quotes the payment number when there is one
   * (`additional_info`, spec §2): staff find a failed payment by it whatever went wrong (issue 32, item 31).
   */
  const paymentError = ({ timeChange, inquiry, reference }: PaymentErrorPage) => {
    const query = new URLSearchParams();
    if (timeChange) query.set('time_change', 'true');
    if (inquiry) query.set('inquiry', 'true');
    if (reference) query.set('additional_info', reference);
    const search = query.toString();
    navigate(`${paths.paymentError.getHref()}${search ? `?${search}` : ''}`, { replace: true });
  };

  const failed = (failure: PaymentFailure | null, reference: string | null, canceled = false) => {
    if (failure?.can_retry) {
      useDialogStore.getState().open({
        titleKey: 'payment_retry_title',
        textKey: canceled ? 'payment_canceled_text' : 'payment_retry_text',
        okButtonTextKey: 'payment_retry_ok',
        onClose: () => navigate(paymentPage(failure, urlFlow), { replace: true }),
      });
      return;
    }
    if (!failure || failure.order_token !== null) {
      paymentError({
        timeChange: (failure?.flow ?? urlFlow) === 'change_date',
        inquiry: failure?.error === ERRORS.critical_refund_error.message,
        reference,
      });
      return;
    }
    navigate(paths.error.getHref(), { replace: true });
  };

  return { reserved, failed, paymentError, urlFlow };
}
