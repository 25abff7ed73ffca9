import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { CheckoutPanel } from '../checkout-page/checkout-page.tsx';
import { temporaryOrderQuery } from '../steps/temporary-order-query.ts';
import { getDpayAuth, getDpayPaymentToken } from './api/dpay-calls.ts';
import { leaveForCarrierLogin, postToCarrier } from './carrier-redirect.ts';

function BackToPayment() {
  const { t } = useTranslation();
  return (
    <div className="checkout-actions">
      <Link className="button" to={paths.payment.getHref()}>
        {t('dpay_back_to_payment')}
      </Link>
    </div>
  );
}

/**
 * After checkout with d_pay: asks for the authorisation request (GET /d-account/v1/auth/{orderToken}),
 * keeps its state as dPayStateCode, and goes to the carrier's login.
 */
export function DpayAuthorize({ orderToken }: { orderToken: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    getDpayAuth(orderToken).then(
      (auth) => {
        useCoreStore.getState().set({ dPayStateCode: auth.state });
        leaveForCarrierLogin(auth);
      },
      (error: unknown) => {
        setFailed(true);
        if (!(error instanceof ApiError)) throw error;
      },
    );
  }, [orderToken]);

  return (
    <CheckoutPanel>
      {failed ? (
        <>
          <p className="checkout-panel__text" role="alert">
            {t('dpay_failed')}
          </p>
          <BackToPayment />
        </>
      ) : (
        <p className="checkout-panel__text" role="status">
          {t('dpay_connecting')}
        </p>
      )}
    </CheckoutPanel>
  );
}

/**
 * Back from the carrier's login: the state must be the one kept (dPayStateCode); then the amount and the
 * button that fetches the payment token (GET /d-pay/v1/scptok/{orderToken}) and posts it to the carrier.
 */
export function DpayConfirmPayment({ orderToken, state }: { orderToken: string; state: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const kept = useCoreStore((store) => store.dPayStateCode);
  const currency = useCoreStore((store) => store.configuration?.settings.currency);
  const lang = useActiveLang();
  const order = useQuery({ ...temporaryOrderQuery(orderToken, lang), enabled: kept === state });
  const [phase, setPhase] = useState<'idle' | 'sending' | 'failed'>('idle');

  if (kept !== state) {
    return (
      <CheckoutPanel>
        <p className="checkout-panel__text" role="alert">
          {t('dpay_state_mismatch')}
        </p>
        <BackToPayment />
      </CheckoutPanel>
    );
  }

  const pay = async () => {
    if (phase === 'sending') return;
    setPhase('sending');
    try {
      postToCarrier(await getDpayPaymentToken(orderToken));
    } catch (error) {
      setPhase('failed');
      if (!(error instanceof ApiError)) throw error;
    }
  };

  return (
    <CheckoutPanel>
      <p className="checkout-panel__text">{t('dpay_confirm_intro')}</p>
      {order.data ? (
        <div className="payment-amount dpay-amount">
          <span className="payment-amount__label">{t('dpay_confirm_amount')}</span>
          <span className="payment-amount__value">{format.price(order.data.price, currency)}</span>
        </div>
      ) : null}
      {phase === 'failed' ? (
        <p className="checkout-panel__text" role="alert">
          {t('dpay_failed')}
        </p>
      ) : null}
      <div className="checkout-actions">
        <button type="button" className="button button--primary" disabled={phase === 'sending'} onClick={pay}>
          {phase === 'failed' ? t('dpay_retry') : t('dpay_confirm_submit')}
        </button>
      </div>
    </CheckoutPanel>
  );
}
