import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { MessageScreen } from '../../../shared/ui/message-screen.tsx';
import { exePayment } from './api/payment-calls.ts';
import { usePaymentOutcome } from './use-payment-outcome.ts';
import { useThreeDSecureReturn } from './use-three-d-secure-return.ts';

/**
 * `/payment-callback/gmo3ds?md=...` (spec §2): back from the card issuer's 3-D Secure challenge through the
 * server's return route. Completes the payment once (exe-payment is idempotent on the server) and follows
 * the outcome (useThreeDSecureReturn, shared with SoftBank's return). exe-payment answers the spec's failure
 * fields for every failure it knows, so anything else (no `md`, an unknown one) is the payment error page.
 */
export default function Gmo3dsCallbackScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const md = params.get('md');
  const outcome = usePaymentOutcome();

  useThreeDSecureReturn({
    confirm: md ? () => exePayment(md) : null,
    reference: useCoreStore.getState().paymentNumber,
    missing: () => outcome.failed(null, null),
    unexplained: () => outcome.failed(null, useCoreStore.getState().paymentNumber),
  });

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
