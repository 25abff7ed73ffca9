import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { CheckoutPage, CheckoutPanel } from '../checkout-page/checkout-page.tsx';
import { MailIllustration } from '../mail/mail-illustration.tsx';
import { useResendMail } from '../mail/use-resend-mail.ts';
import '../mail/mail-screens.css';

/** Stands in for the address while translating, so the address can be set in bold wherever a language puts it. */
const MARK = '\u0000';

function WithEmphasis({ text, value }: { text: string; value: string }) {
  const [before, ...after] = text.split(MARK);
  return (
    <>
      {before}
      <strong className="mail-notice__address" translate="no">
        {value}
      </strong>
      {after.join(value)}
    </>
  );
}

/**
 * Mail sent (`/sended-mail`): the confirmation link is on its way to the address from the sign-in form.
 * The visitor continues from the link (in any tab or browser); here they can send it again or correct
 * the address, while the hold's remaining time stays in view.
 */
export default function SendedMailScreen() {
  const { t } = useTranslation();
  const orderToken = useCoreStore((state) => state.orderToken);
  const email = useCoreStore((state) => {
    const saved = state.savedSignIn?.email;
    return typeof saved === 'string' && saved !== '' ? saved : null;
  });
  const { resend, sending } = useResendMail(orderToken);

  if (!orderToken) return <Navigate replace to={paths.order.getHref()} />;

  return (
    <CheckoutPage title={t('screen_sended_mail_title')} step="sign-in">
      <CheckoutPanel>
        <div className="mail-notice">
          <MailIllustration />
          <p className="mail-notice__text">
            {email ? (
              <WithEmphasis text={t('mail_sent_text', { email: MARK })} value={email} />
            ) : (
              t('mail_sent_text_unknown')
            )}
          </p>
          <p className="checkout-note">{t('mail_sent_any_device')}</p>
        </div>
      </CheckoutPanel>
      <CheckoutPanel id="mail-help" title={t('mail_sent_help_title')}>
        <ul className="mail-help">
          <li>{t('mail_sent_help_spam')}</li>
          <li>{t('mail_sent_help_wait')}</li>
          <li>{t('mail_sent_help_address')}</li>
        </ul>
        <div className="checkout-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={sending}
            onClick={() => void resend()}
          >
            {t('mail_sent_resend')}
          </button>
          <Link className="button button--secondary" to={paths.signIn.getHref()}>
            {t('mail_sent_change_address')}
          </Link>
        </div>
      </CheckoutPanel>
    </CheckoutPage>
  );
}
