import { useQuery } from '@tanstack/react-query';
import type { PaymentFlow } from '@kippu/contract/enums';
import { timeChangeQuery } from '../../../shared/api/endpoints/time-change.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { paths } from '../../../shared/routing/paths.ts';
import { changeAwayForPayment } from '../../../shared/stores/change-payment-away.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { temporaryOrderQuery } from '../steps/temporary-order-query.ts';

/**
 * Whose payment /d-pay-confirm is carrying to the carrier (issue 32, ADR 028 addendum), by the flow its URL
 * names (the server decides it from the attempt's order, ADR 059):
 *  - a booking: spec §7's `{id}` is the order token of the core store; the amount is the order's price;
 *    choosing again is the booking's payment screen;
 *  - a change of date's top-up: `{id}` is the change's token, the one whose top-up last left for a gateway
 *    from this browser (change-payment-away.ts); the amount is the change's top-up; choosing again is the
 *    change's payment screen. The booking's order in the core store is neither read nor touched.
 * `missing`: nothing in this browser to pay for that flow; `leave` is where to go instead.
 */
export type DpayPayer =
  | {
      kind: 'ready';
      flow: 'booking' | 'change_date';
      id: string;
      /** Undefined until known (or while not asked for). */
      amount: number | undefined;
      paymentHref: string;
    }
  | { kind: 'missing'; leave: string };

/** The payer of `flow` (null: a URL naming none, the booking's); `withAmount` asks for the amount. */
export function useDpayPayer(flow: PaymentFlow | null, withAmount: boolean): DpayPayer {
  const lang = useActiveLang();
  const orderToken = useCoreStore((store) => store.orderToken);
  const change = flow === 'change_date' ? changeAwayForPayment() : null;
  const order = useQuery({
    ...temporaryOrderQuery(orderToken ?? '', lang),
    enabled: withAmount && flow !== 'change_date' && Boolean(orderToken),
  });
  const topUp = useQuery({
    ...timeChangeQuery(change?.reservationToken ?? '', change?.timechangeToken ?? '', lang),
    enabled: withAmount && change !== null,
  });
  if (flow === 'change_date') {
    // A change's top-up this browser did not send (another tab's, or its record cleared): nothing to pay here.
    if (!change) return { kind: 'missing', leave: paths.error.getHref() };
    return {
      kind: 'ready',
      flow,
      id: change.timechangeToken,
      amount: topUp.data?.top_up,
      paymentHref: paths.changeDatePayment.getHref(change, { ref: 'c' }),
    };
  }
  if (!orderToken) return { kind: 'missing', leave: paths.order.getHref() };
  return {
    kind: 'ready',
    flow: 'booking',
    id: orderToken,
    amount: order.data?.price,
    paymentHref: paths.payment.getHref(),
  };
}
