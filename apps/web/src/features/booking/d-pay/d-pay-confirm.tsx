import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { CheckoutPanel } from '../checkout-page/checkout-page.tsx';
import { getDpayAuth, getDpayPaymentToken } from './api/dpay-calls.ts';
import { leaveForCarrierLogin, postToCarrier } from './carrier-redirect.ts';

/** The id of spec §7's calls (a booking's order token or a change's token) and where the visitor chooses again. */
type Payer = { id: string; paymentHref: string };

function BackToPayment({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <div className="checkout-actions">
      <Link className="button" to={href}>
        {t('dpay_back_to_payment')}
      </Link>
    </div>
  );
}

/**
 * After checkout with d_pay: asks for the authorisation request (GET /d-account/v1/auth/{id}), keeps its
 * state as dPayStateCode, and goes to the carrier's login.
 */
export function DpayAuthorize({ payer }: { payer: Payer }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    getDpayAuth(payer.id).then(
      (auth) => {
        useCoreStore.getState().set({ dPayStateCode: auth.state });
        leaveForCarrierLogin(auth);
      },
      (error: unknown) => {
        setFailed(true);
        if (!(error instanceof ApiError)) throw error;
      },
    );
  }, [payer.id]);

  return (
    <CheckoutPanel>
      {failed ? (
        <>
          <p className="checkout-panel__text" role="alert">
            {t('dpay_failed')}
          </p>
          <BackToPayment href={payer.paymentHref} />
        </>
      ) : (
        <p className="checkout-panel__text" role="status">
          {t('dpay_connecting')}
        </p>
      )}
    </CheckoutPanel>
  );
}

/** Whether the state the login's return carries is the one kept before leaving (dPayStateCode). */
export function useStateKept(state: string | null): boolean {
  const kept = useCoreStore((store) => store.dPayStateCode);
  return state !== null && kept === state;
}

/**
 * Back from the carrier's login: the state must be the one kept (`stateKept`); then the amount (the order's
 * price, or a change's top-up) and the button that fetches the payment token (GET /d-pay/v1/scptok/{id})
 * and posts it to the carrier.
 */
export function DpayConfirmPayment({
  payer,
  stateKept,
  amount,
}: {
  payer: Payer;
  stateKept: boolean;
  amount: number | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const currency = useCoreStore((store) => store.configuration?.settings.currency);
  const [phase, setPhase] = useState<'idle' | 'sending' | 'failed'>('idle');

  if (!stateKept) {
    return (
      <CheckoutPanel>
        <p className="checkout-panel__text" role="alert">
          {t('dpay_state_mismatch')}
        </p>
        <BackToPayment href={payer.paymentHref} />
      </CheckoutPanel>
    );
  }

  const pay = async () => {
    if (phase === 'sending') return;
    setPhase('sending');
    try {
      postToCarrier(await getDpayPaymentToken(payer.id));
    } catch (error) {
      setPhase('failed');
      if (!(error instanceof ApiError)) throw error;
    }
  };

  return (
    <CheckoutPanel>
      <p className="checkout-panel__text">{t('dpay_confirm_intro')}</p>
      {amount !== undefined ? (
        <div className="payment-amount dpay-amount">
          <span className="payment-amount__label">{t('dpay_confirm_amount')}</span>
          <span className="payment-amount__value">{format.price(amount, currency)}</span>
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
