import { useMutation, useQuery } from '@tanstack/react-query';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { roleName } from '../../shared/i18n/role-name.ts';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { navigate } from '../../shared/routing/use-hash.ts';
import { acceptInvitation, readInvitation } from '../../shared/session/session-api.ts';
import { PasswordForm } from '../../shared/session/password-form.tsx';
import { useRefreshSession } from '../../shared/session/use-session.ts';
import { ErrorNotice, Field, Loading } from '../../shared/ui/ui.tsx';
import { useEffect, useState } from 'react';

/** An address that already has an account joins with its current password (no new one is chosen). */
function ExistingAccountForm({
  pending,
  error,
  onSubmit,
}: {
  pending: boolean;
  error: unknown;
  onSubmit: (password: string) => void;
}) {
  const { t } = useConsoleI18n();
  const [password, setPassword] = useState('');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (password !== '') onSubmit(password);
      }}
    >
      <p>{t('invitation_existing_account')}</p>
      <Field
        label={t('field_password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <ErrorNotice error={error} />
      <button className="c-button c-button--primary" type="submit" disabled={pending || password === ''}>
        {t('invitation_submit_existing')}
      </button>
    </form>
  );
}

/**
 * `#/invitation/<token>`: who invited the person and as what, then their name and a password. Accepting
 * signs them in; the app then asks for a second factor if the role requires one.
 */
export function InvitationScreen({ token }: { token: string }) {
  const { t, lang, setLang } = useConsoleI18n();
  const refresh = useRefreshSession();
  const preview = useQuery({
    queryKey: ['console', 'invitation', token],
    queryFn: () => readInvitation(token),
    retry: false,
  });
  // The invitation names the person's language (its mail was in it): the page follows once it is known.
  const invitedLang = preview.data?.lang;
  useEffect(() => {
    if (invitedLang && invitedLang !== lang) setLang(invitedLang);
    // Once per invitation: a language picked afterwards stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invitedLang]);
  const accept = useMutation({
    mutationFn: (values: { name?: string; password: string }) =>
      acceptInvitation(token, { name: values.name || undefined, password: values.password }),
    onSuccess: async () => {
      await refresh();
      navigate(hrefOf('home'));
    },
  });
  return (
    <main className="c-auth">
      <h1 className="c-auth__title">{t('invitation_title')}</h1>
      {preview.isPending ? <Loading /> : null}
      <ErrorNotice error={preview.error} />
      {preview.data ? (
        <>
          <p>
            {t('invitation_text', {
              organisation: preview.data.organisationName,
              role: roleName(t, { name: preview.data.roleName, template: preview.data.roleTemplate }),
              email: preview.data.email,
            })}
          </p>
          {preview.data.existingAccount ? (
            <ExistingAccountForm
              pending={accept.isPending}
              error={accept.error}
              onSubmit={(password) => accept.mutate({ password })}
            />
          ) : (
            <PasswordForm
              askName
              defaultName={preview.data.name}
              submitLabel={t('invitation_submit')}
              pending={accept.isPending}
              error={accept.error}
              onSubmit={(values) => accept.mutate(values)}
            />
          )}
        </>
      ) : null}
      <p>
        <a href={hrefOf('signIn')}>{t('back_to_sign_in')}</a>
      </p>
    </main>
  );
}
