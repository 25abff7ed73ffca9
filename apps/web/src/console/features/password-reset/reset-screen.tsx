import { useMutation } from '@tanstack/react-query';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { resetPassword } from '../../shared/session/session-api.ts';
import { PasswordForm } from '../../shared/session/password-form.tsx';

/** `#/reset/<token>`: a new password from the mail's link; every session of the account ends with it. */
export function ResetScreen({ token }: { token: string }) {
  const { t } = useConsoleI18n();
  const reset = useMutation({
    mutationFn: (values: { password: string }) => resetPassword(token, { password: values.password }),
  });
  return (
    <main className="c-auth">
      <h1 className="c-auth__title">{t('reset_title')}</h1>
      {reset.isSuccess ? (
        <>
          <p role="status">{t('reset_done')}</p>
          <a className="c-button c-button--primary" href={hrefOf('signIn')}>
            {t('sign_in_title')}
          </a>
        </>
      ) : (
        <PasswordForm
          submitLabel={t('reset_submit')}
          pending={reset.isPending}
          error={reset.error}
          onSubmit={(values) => reset.mutate(values)}
        />
      )}
    </main>
  );
}
