import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckoutPanel } from '../checkout-page/checkout-page.tsx';
import { useNextStep } from '../steps/booking-steps.ts';

/**
 * Above the sign-in form once this order's address is confirmed (the stored mailToken is this order's):
 * the visitor may go on to payment without another mail, or change the details below, where a new address
 * is confirmed by a new mail as before.
 */
export function MailConfirmedPanel({ email }: { email: string | null }) {
  const { t } = useTranslation();
  const nextHref = useNextStep('sign-in');
  return (
    <CheckoutPanel id="signin-confirmed" title={t('signin_confirmed_title')}>
      <p className="checkout-panel__text" role="status">
        {email ? t('signin_confirmed_text', { email }) : t('signin_confirmed_text_unknown')}
      </p>
      <p className="checkout-note">{t('signin_confirmed_change')}</p>
      <div className="checkout-actions">
        <Link className="button button--primary" to={nextHref}>
          {t('signin_submit')}
        </Link>
      </div>
    </CheckoutPanel>
  );
}
