import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { CheckoutPage, CheckoutPanel } from '../checkout-page/checkout-page.tsx';
import { useConfirmedMail } from '../mail/confirmed-mail.ts';
import { fieldTemplatesQuery } from '../sign-in/api/field-templates-query.ts';
import { MailConfirmedPanel } from '../sign-in/mail-confirmed-panel.tsx';
import { SignInForm } from '../sign-in/sign-in-form.tsx';
import { signInFields } from '../sign-in/sign-in-fields.ts';

/**
 * Sign-in (`/sign-in`): the visitor's details for the temporary order, as the site's field templates and
 * sign-in settings ask for them. Without an order in progress there is nothing to sign in for: back to
 * the order page. `?ref=c` is a return from the confirm screen. Once this tab has followed the mail link of
 * this very order (the stored mailToken is the order's), the screen says the address is confirmed and
 * offers payment at once; the form stays below it, and only a changed address is mailed again.
 */
export default function SignInScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const isReturn = params.get('ref') === 'c';
  const orderToken = useCoreStore((state) => state.orderToken);
  const settings = useCoreStore((state) => state.configuration?.settings.signIn);
  const templates = useQuery({ ...fieldTemplatesQuery(), enabled: !!orderToken });
  const mail = useConfirmedMail();
  const fields = useMemo(
    () => (templates.data && settings ? signInFields(templates.data, settings) : null),
    [templates.data, settings],
  );

  if (!orderToken) return <Navigate replace to={paths.order.getHref()} />;

  return (
    <CheckoutPage title={t('screen_sign_in_title')} step="sign-in">
      {mail.confirmed ? <MailConfirmedPanel email={mail.email} /> : null}
      {fields && settings ? (
        <SignInForm fields={fields} settings={settings} isReturn={isReturn} confirmedEmail={mail.email} />
      ) : templates.isError ? (
        <CheckoutPanel>
          <p className="checkout-panel__text">{t('signin_load_failed')}</p>
          <div className="checkout-actions">
            <button type="button" className="button button--primary" onClick={() => void templates.refetch()}>
              {t('checkout_retry')}
            </button>
          </div>
        </CheckoutPanel>
      ) : (
        <div className="checkout-skeleton" aria-hidden="true" />
      )}
    </CheckoutPage>
  );
}
