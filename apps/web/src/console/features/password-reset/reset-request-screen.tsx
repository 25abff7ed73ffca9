import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { requestPasswordResetBodySchema } from '@kippu/contract/console/identity-schemas';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { requestPasswordReset } from '../../shared/session/session-api.ts';
import { ErrorNotice, Field } from '../../shared/ui/ui.tsx';

/** Asks for a reset mail; the answer is the same whether the address has an account or not. */
export function ResetRequestScreen() {
  const { t } = useConsoleI18n();
  const form = useForm<{ email: string }>({ resolver: zodResolver(requestPasswordResetBodySchema) });
  const request = useMutation({ mutationFn: requestPasswordReset });
  return (
    <main className="c-auth">
      <h1 className="c-auth__title">{t('reset_request_title')}</h1>
      {request.isSuccess ? (
        <p role="status">{t('reset_request_done')}</p>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))}>
          <p>{t('reset_request_text')}</p>
          <Field
            label={t('field_email')}
            type="email"
            autoComplete="email"
            error={form.formState.errors.email ? t('validation_email') : undefined}
            {...form.register('email')}
          />
          <ErrorNotice error={request.error} />
          <button className="c-button c-button--primary" type="submit" disabled={request.isPending}>
            {t('reset_request_submit')}
          </button>
        </form>
      )}
      <p>
        <a href={hrefOf('signIn')}>{t('back_to_sign_in')}</a>
      </p>
    </main>
  );
}
