import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { MessageScreen } from '../../../shared/ui/message-screen.tsx';
import { paymentResult } from './api/payment-calls.ts';
import { paymentFailureOf, usePaymentOutcome } from './use-payment-outcome.ts';

/** While the gateway has not decided (its notification may still come), ask again this often, this long. */
const POLL_MS = 2_000;
const POLL_LIMIT = 45;

/**
 * `/payment-callback/:paymentType/:status` (spec §2): back from a wallet's page (PayPay, Alipay) through the
 * server's return route, which has already settled what the gateway said. The outcome is read from the
 * server (the status in the path is only a hint: a pending one is asked again until it is decided).
 */
export default function PaymentCallbackScreen() {
  const { t } = useTranslation();
  const { status } = useParams();
  const [params] = useSearchParams();
  const paymentNumber = params.get('payment_number') ?? useCoreStore.getState().paymentNumber;
  const outcome = usePaymentOutcome();
  const [pending, setPending] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!paymentNumber) {
      outcome.failed(null, null);
      return;
    }
    let cancelled = false;
    const ask = async (round: number): Promise<void> => {
      try {
        const result = await paymentResult(paymentNumber);
        if (cancelled) return;
        if (result.status === 'reserved') return outcome.reserved(result);
        if (result.status === 'pending' && round < POLL_LIMIT) {
          setPending(true);
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          return ask(round + 1);
        }
        // Still undecided after a long wait: the money may yet move, so no retry; the error page says so.
        outcome.failed(null, paymentNumber);
      } catch (error) {
        if (!cancelled) outcome.failed(paymentFailureOf(error), paymentNumber, status === 'cancel');
      }
    };
    void ask(0);
    return () => {
      cancelled = true;
    };
  }, [paymentNumber, status, outcome]);

  const text = t(pending ? 'payment_return_pending' : 'payment_return_checking');
  return (
    <div aria-busy="true">
      <MessageScreen
        testId="payment-callback"
        title={t('screen_payment_callback_title')}
        text={text}
        action={null}
      />
      <p className="visually-hidden" role="status">
        {text}
      </p>
    </div>
  );
}
