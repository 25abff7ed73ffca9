import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { MessageScreen } from '../../../shared/ui/message-screen.tsx';
import { useConfirmSbps3ds } from './use-confirm-sbps3ds.ts';
import { callbackFlow } from '../../../shared/routing/callback-flow.ts';
import { paymentPage } from './use-payment-outcome.ts';

/**
 * `/payment-callback/sbps3ds` (spec §2): where SoftBank Payment Service's 3-D Secure returns (through the
 * server's return route, which names the attempt by `payment_number`; ADR 027). Says it is checking, then
 * moves on as GMO's 3-D Secure return does (the flow's complete page, or the retry dialog), or offers to
 * pay again on the payment page of the flow the URL names (`?flow=`, from the server's return route).
 */
export default function Sbps3dsCallbackScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const stored = useCoreStore((state) => state.paymentNumber);
  const state = useConfirmSbps3ds(params.get('payment_number') ?? stored);

  if (state === 'checking') {
    return (
      <div role="status" aria-live="polite">
        <MessageScreen
          testId="sbps3ds-checking"
          title={t('sbps3ds_title')}
          text={t('sbps3ds_checking')}
          action={null}
        />
      </div>
    );
  }
  return (
    <MessageScreen
      testId={state === 'failed' ? 'sbps3ds-failed' : 'sbps3ds-missing'}
      title={t('sbps3ds_failed_title')}
      text={t(state === 'failed' ? 'sbps3ds_failed_text' : 'sbps3ds_missing')}
      action={
        <Link to={paymentPage(null, callbackFlow(params))} className="button button--primary">
          {t('sbps3ds_retry')}
        </Link>
      }
    />
  );
}
