import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { MessageScreen } from '../../../shared/ui/message-screen.tsx';
import { exePayment } from './api/payment-calls.ts';
import { paymentFailureOf, usePaymentOutcome } from './use-payment-outcome.ts';

/**
 * `/payment-callback/gmo3ds?md=...` (spec §2): back from the card issuer's 3-D Secure challenge through the
 * server's return route. Completes the payment once (exe-payment is idempotent on the server; a ref keeps
 * React's double effects to one call) and follows the outcome (spec §4).
 */
export default function Gmo3dsCallbackScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const md = params.get('md');
  const outcome = usePaymentOutcome();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!md) {
      outcome.failed(null, null);
      return;
    }
    exePayment(md).then(
      (result) => (result.status === 'reserved' ? outcome.reserved(result) : outcome.failed(null, null)),
      (error: unknown) => outcome.failed(paymentFailureOf(error), useCoreStore.getState().paymentNumber),
    );
  }, [md, outcome]);

  return (
    <div aria-busy="true">
      <MessageScreen
        testId="gmo3ds-callback"
        title={t('screen_gmo3ds_callback_title')}
        text={t('payment_return_checking')}
        action={null}
      />
      <p className="visually-hidden" role="status">
        {t('payment_return_checking')}
      </p>
    </div>
  );
}
