import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { paymentMethodsQuery } from '../../../shared/api/endpoints/payment-methods.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { salesChannel } from '../../../shared/kiosk/kiosk-store.ts';
import { CheckoutPage, CheckoutPanel } from '../checkout-page/checkout-page.tsx';
import { PaymentForm } from '../payment/payment-form.tsx';
import { PaymentOrderSummary } from '../payment/payment-order-summary.tsx';
import { paymentOptions } from '../../../shared/payments/payment-options.ts';
import { temporaryOrderQuery } from '../steps/temporary-order-query.ts';
import '../../../shared/payments/payment.css';

/**
 * Payment (`/payment`, also `?ref=c` from confirm): the amount of the temporary order (GET /orders, the
 * server's truth: the link may have been opened in a fresh browser), the site's methods for the web
 * channel (a kiosk's for the kiosk, ADR 081), and the card entry. Without an order in progress: the order page.
 */
export default function PaymentScreen() {
  const { t } = useTranslation();
  const orderToken = useCoreStore((state) => state.orderToken);
  const lang = useActiveLang();
  // The layout loads the same query (spec §2 "On load"); asking here too gives its loading state.
  const methods = useQuery(paymentMethodsQuery(lang, salesChannel()));
  const currency = useCoreStore((state) => state.configuration?.settings.currency);
  const order = useQuery({ ...temporaryOrderQuery(orderToken ?? '', lang), enabled: !!orderToken });
  const total = order.data?.price;
  const options = useMemo(
    () =>
      total === undefined || !methods.data
        ? null
        : paymentOptions(methods.data, total, { withRedirects: true }),
    [methods.data, total],
  );
  const failed = order.isError || methods.isError;
  const retry = () => {
    if (order.isError) void order.refetch();
    if (methods.isError) void methods.refetch();
  };

  if (!orderToken) return <Navigate replace to={paths.order.getHref()} />;

  return (
    <CheckoutPage title={t('screen_payment_title')} step="payment">
      {total === undefined || !options ? (
        failed ? (
          <CheckoutPanel>
            <p className="checkout-panel__text">{t('payment_load_failed')}</p>
            <div className="checkout-actions">
              <button type="button" className="button button--primary" onClick={retry}>
                {t('checkout_retry')}
              </button>
            </div>
          </CheckoutPanel>
        ) : (
          <div className="checkout-skeleton" aria-hidden="true" />
        )
      ) : (
        <>
          {order.data ? <PaymentOrderSummary order={order.data} currency={currency} /> : null}
          {options.length > 0 ? (
            <PaymentForm key={options.map((option) => option.method).join()} options={options} />
          ) : (
            <CheckoutPanel>
              <p className="checkout-panel__text">{t('payment_no_methods')}</p>
            </CheckoutPanel>
          )}
        </>
      )}
    </CheckoutPage>
  );
}
