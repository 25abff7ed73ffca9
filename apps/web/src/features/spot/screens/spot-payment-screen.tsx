import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { paymentOptions } from '../../../shared/payments/payment-options.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useSpotStore } from '../../../shared/stores/spot-store.ts';
import { spotOrderQuery, spotPaymentMethodsQuery } from '../api/spot-calls.ts';
import { SpotOrderSummary } from '../payment/spot-order-summary.tsx';
import { SpotPaymentForm } from '../payment/spot-payment-form.tsx';
import { SpotFrame, SpotPanel } from '../spot-frame.tsx';
import '../../../shared/payments/payment.css';

/**
 * What the spot checkout (the web `POST /orders/checkout/{id}` on the order's `spot` channel) can complete:
 * cards by token script or Stripe.js, and the gateway-page methods (wallets, SoftBank's link type), whose
 * `redirect` answer the form follows. Carrier billing is left out: it goes on through the booking's
 * /d-pay-confirm, which pays the booking's order, not the spot one (ADR 028).
 */
const SPOT_KINDS = ['card', 'element', 'redirect'] as const;

/**
 * Spot payment (`/spot/payment`): the held order (GET /orders, the server's truth), the spot channel's
 * payment methods (kept as the core state's `spotPaymentMethods`, spec §3, apart from the web's
 * `paymentMethods`) and the pay form. Without a spot order in progress: back to the spot order screen; an
 * order without its e-mail address yet: to its order fields (ADR 109).
 */
export default function SpotPaymentScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const orderToken = useSpotStore((state) => state.orderToken);
  const qrToken = useSpotStore((state) => state.qrToken);
  const methods = useQuery(spotPaymentMethodsQuery(lang));
  const spotPaymentMethods = useCoreStore((state) => state.spotPaymentMethods);
  const order = useQuery({ ...spotOrderQuery(orderToken ?? '', lang), enabled: !!orderToken });
  const total = order.data?.price;
  // The spot channel's methods live in the core state (spec §3): the screen offers what it holds.
  const loaded = methods.isSuccess || spotPaymentMethods.length > 0;
  const options = useMemo(
    () =>
      total === undefined || !loaded
        ? null
        : paymentOptions(spotPaymentMethods, total, { withRedirects: true, kinds: SPOT_KINDS }),
    [spotPaymentMethods, loaded, total],
  );
  const hasEmail = order.data?.customer_info.some((entry) => entry.key === 'email' && entry.value !== '');

  if (!orderToken) {
    return (
      <Navigate replace to={paths.spot.getHref(undefined, qrToken ? { qr_token: qrToken } : undefined)} />
    );
  }

  // Only a fresh answer decides (a placeholder or a refetch may predate the order fields' save).
  if (order.data && !hasEmail && !order.isFetching) {
    return <Navigate replace to={paths.spotOrderFields.getHref({ reservationToken: orderToken })} />;
  }

  const failed = order.isError || methods.isError;
  return (
    <SpotFrame title={t('screen_spot_payment_title')} step="payment">
      {order.data && options ? (
        <>
          <SpotOrderSummary orderToken={orderToken} order={order.data} />
          {options.length > 0 ? (
            <SpotPaymentForm
              key={options.map((o) => o.method).join()}
              orderToken={orderToken}
              order={order.data}
              options={options}
            />
          ) : (
            <SpotPanel>
              <p className="spot-panel__text">{t('payment_no_methods')}</p>
            </SpotPanel>
          )}
        </>
      ) : failed ? (
        <SpotPanel>
          <p className="spot-panel__text">{t('payment_load_failed')}</p>
        </SpotPanel>
      ) : (
        <div className="spot-skeleton" aria-hidden="true" />
      )}
    </SpotFrame>
  );
}
