import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { signInBodySchema } from '@kippu/contract/console/identity-schemas';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { signIn } from '../../shared/session/session-api.ts';
import { useRefreshSession } from '../../shared/session/use-session.ts';
import { ErrorNotice, Field } from '../../shared/ui/ui.tsx';

type SignIn = z.input<typeof signInBodySchema>;

export function SignInScreen() {
  const { t } = useConsoleI18n();
  const refresh = useRefreshSession();
  const form = useForm<SignIn>({ resolver: zodResolver(signInBodySchema) });
  const mutation = useMutation({ mutationFn: signIn, onSuccess: refresh });
  const { errors } = form.formState;
  return (
    <main className="c-auth">
      <h1 className="c-auth__title">{t('sign_in_title')}</h1>
      <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
        <Field
          label={t('field_email')}
          type="email"
          autoComplete="username"
          error={errors.email ? t('validation_email') : undefined}
          {...form.register('email')}
        />
        <Field
          label={t('field_password')}
          type="password"
          autoComplete="current-password"
          error={errors.password ? t('validation_required') : undefined}
          {...form.register('password')}
        />
        <ErrorNotice error={mutation.error} />
        <button className="c-button c-button--primary" type="submit" disabled={mutation.isPending}>
          {t('sign_in_submit')}
        </button>
      </form>
      <p>
        <a href={hrefOf('resetRequest')}>{t('sign_in_forgot')}</a>
      </p>
    </main>
  );
}
