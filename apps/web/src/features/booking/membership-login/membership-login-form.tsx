import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useToastStore } from '../../../shared/stores/toast-store.ts';
import { FormField } from '../../../shared/ui/form-field.tsx';
import { CheckoutPanel } from '../checkout-page/checkout-page.tsx';
import { useNextStep } from '../steps/booking-steps.ts';
import { temporaryOrderKey } from '../steps/temporary-order-query.ts';
import { fetchMembershipInfo, loginMember } from './api/membership-calls.ts';
import { withMemberDetails } from './member-sign-in-values.ts';

interface LoginValues {
  email: string;
  password: string;
}

/**
 * Member login (issue 11): e-mail and password tie the member to the temporary order (member price); the
 * member's details then pre-fill sign-in. Failures (`membership login failed`, `membership retrieval
 * failure`, too many attempts) show their dialog from the API client; the visitor stays on the form.
 * Visitors who are not members go on without logging in.
 */
export function MembershipLoginForm({ orderToken }: { orderToken: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const nextHref = useNextStep('membership-login');
  const [submitting, setSubmitting] = useState(false);
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    defaultValues: { email: '', password: '' },
    shouldFocusError: true,
  });
  const { errors } = formState;

  const submit = async (values: LoginValues) => {
    if (submitting) return;
    setSubmitting(true);
    try {
      await loginMember(orderToken, { email: values.email.trim(), password: values.password });
      void queryClient.invalidateQueries({ queryKey: temporaryOrderKey(orderToken) });
      const info = await fetchMembershipInfo(orderToken);
      const store = useCoreStore.getState();
      store.set({ savedSignIn: withMemberDetails(store.savedSignIn, info) });
      useToastStore.getState().setToastText(t('member_login_done', { name: info.name }));
      navigate(nextHref);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="membership-login-form" noValidate onSubmit={handleSubmit(submit)}>
      <p className="checkout-intro">{t('member_login_intro')}</p>
      <CheckoutPanel id="member-login" title={t('member_login_panel_title')}>
        <FormField id="member-email" label={t('member_login_email')} required error={errors.email?.message}>
          {(control) => (
            <input
              className="form-field__input"
              type="email"
              autoComplete="username"
              spellCheck={false}
              {...control}
              {...register('email', {
                validate: (value) => value.trim() !== '' || t('member_login_email_required'),
              })}
            />
          )}
        </FormField>
        <FormField
          id="member-password"
          label={t('member_login_password')}
          required
          error={errors.password?.message}
        >
          {(control) => (
            <input
              className="form-field__input"
              type="password"
              autoComplete="current-password"
              {...control}
              {...register('password', {
                validate: (value) => value !== '' || t('member_login_password_required'),
              })}
            />
          )}
        </FormField>
      </CheckoutPanel>
      <div className="checkout-actions">
        <button type="submit" className="button button--primary" disabled={submitting}>
          {t('member_login_submit')}
        </button>
        <Link className="button button--secondary" to={nextHref}>
          {t('member_login_skip')}
        </Link>
      </div>
    </form>
  );
}
