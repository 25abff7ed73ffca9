import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { callbackFlow } from '../../../shared/routing/callback-flow.ts';
import { CheckoutPage } from '../checkout-page/checkout-page.tsx';
import { DpayAuthorize, DpayConfirmPayment, useStateKept } from '../d-pay/d-pay-confirm.tsx';
import { useDpayPayer } from '../d-pay/d-pay-payer.ts';
import '../../../shared/payments/payment.css';

/**
 * `/d-pay-confirm` (spec §2, ADR 028): confirm for carrier billing, for a booking and for a change of
 * date's top-up alike (issue 32), by the `flow` the server's URL names (d-pay-payer.ts). Opened by
 * checkout with d_pay (no state): off to the carrier's login; opened by the login's return (`?state=`): the
 * state is checked against dPayStateCode and the visitor sends the payment to the carrier's page. With
 * nothing to pay in this browser: the order page (a booking) or the error page (a change).
 */
export default function DPayConfirmScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const state = search.get('state');
  const stateKept = useStateKept(state);
  const payer = useDpayPayer(callbackFlow(search), stateKept);
  if (payer.kind === 'missing') return <Navigate replace to={payer.leave} />;
  return (
    // The booking's hold countdown reads the booking's order: a change's top-up has its own hold, not shown here.
    <CheckoutPage title={t('screen_d_pay_confirm_title')} showHold={payer.flow === 'booking'}>
      {state ? (
        <DpayConfirmPayment payer={payer} stateKept={stateKept} amount={payer.amount} />
      ) : (
        <DpayAuthorize payer={payer} />
      )}
    </CheckoutPage>
  );
}
