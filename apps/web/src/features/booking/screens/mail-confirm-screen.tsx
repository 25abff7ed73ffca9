import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { CheckoutPage, CheckoutPanel } from '../checkout-page/checkout-page.tsx';
import { MailIllustration } from '../mail/mail-illustration.tsx';
import { useConfirmMail } from '../mail/use-confirm-mail.ts';
import '../mail/mail-screens.css';

/**
 * Mail confirmation (`/mail-confirm?token=<mailToken>`), the page the e-mailed link opens: it confirms
 * the address and continues to payment by itself. A link that is missing, unknown or expired says so
 * (the server's dialog has explained which); the visitor can try again or, except on a mail-confirm-only
 * site, choose tickets again.
 */
export default function MailConfirmScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const mailToken = params.get('token');
  const confirmation = useConfirmMail(mailToken);
  const onlyStartMailConfirm = useCoreStore(
    (state) => state.configuration?.settings.isOnlyStartMailConfirm ?? false,
  );
  // While a retry is under way the screen shows the check again, not the failure.
  const failed = !mailToken || (confirmation.isError && !confirmation.isFetching);

  return (
    <CheckoutPage title={t('screen_mail_confirm_title')} showHold={false}>
      <CheckoutPanel>
        <div className="mail-notice">
          <MailIllustration state={failed ? 'failed' : 'checking'} />
          {failed ? (
            <p className="mail-notice__text">
              {t(mailToken ? 'mail_confirm_invalid' : 'mail_confirm_no_token')}
            </p>
          ) : (
            <>
              <div className="checkout-spinner" aria-hidden="true" />
              <p className="mail-notice__text" role="status">
                {t('mail_confirm_checking')}
              </p>
            </>
          )}
        </div>
        {failed ? (
          <div className="checkout-actions">
            {/* Starting again is the way on from a dead link; retrying only helps after a lost connection. */}
            {onlyStartMailConfirm ? null : (
              <Link className="button button--primary" to={paths.order.getHref()}>
                {t('mail_confirm_start_over')}
              </Link>
            )}
            {mailToken ? (
              <button
                type="button"
                className={`button ${onlyStartMailConfirm ? 'button--primary' : 'button--secondary'}`}
                onClick={() => void confirmation.refetch()}
              >
                {t('checkout_retry')}
              </button>
            ) : null}
          </div>
        ) : null}
      </CheckoutPanel>
    </CheckoutPage>
  );
}
