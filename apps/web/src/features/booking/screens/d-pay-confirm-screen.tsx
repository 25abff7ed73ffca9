import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { CheckoutPage } from '../checkout-page/checkout-page.tsx';
import { DpayAuthorize, DpayConfirmPayment } from '../d-pay/d-pay-confirm.tsx';
import '../../../shared/payments/payment.css';

/**
 * `/d-pay-confirm` (spec §2, ADR 028): confirm for carrier billing. Opened by checkout with d_pay (no
 * query): off to the carrier's login; opened by the login's return (`?state=`): the state is checked against
 * dPayStateCode and the visitor sends the payment to the carrier's page. Without an order in progress: the
 * order page.
 */
export default function DPayConfirmScreen() {
  const { t } = useTranslation();
  const orderToken = useCoreStore((store) => store.orderToken);
  const [search] = useSearchParams();
  const state = search.get('state');
  if (!orderToken) return <Navigate replace to={paths.order.getHref()} />;
  return (
    <CheckoutPage title={t('screen_d_pay_confirm_title')}>
      {state ? (
        <DpayConfirmPayment orderToken={orderToken} state={state} />
      ) : (
        <DpayAuthorize orderToken={orderToken} />
      )}
    </CheckoutPage>
  );
}
