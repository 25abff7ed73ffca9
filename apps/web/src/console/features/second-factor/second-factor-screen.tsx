import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { secondFactorBodySchema } from '@kippu/contract/console/identity-schemas';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { signOut, verifySecondFactor } from '../../shared/session/session-api.ts';
import { useRefreshSession } from '../../shared/session/use-session.ts';
import { ErrorNotice, Field } from '../../shared/ui/ui.tsx';

type Code = z.input<typeof secondFactorBodySchema>;

/** After the password: the authenticator's code, or one of the recovery codes. */
export function SecondFactorScreen() {
  const { t } = useConsoleI18n();
  const refresh = useRefreshSession();
  const [recovery, setRecovery] = useState(false);
  const form = useForm<Code>({ resolver: zodResolver(secondFactorBodySchema) });
  const mutation = useMutation({ mutationFn: verifySecondFactor, onSuccess: refresh });
  const cancel = useMutation({ mutationFn: signOut, onSettled: refresh });
  return (
    <main className="c-auth">
      <h1 className="c-auth__title">{t('second_factor_title')}</h1>
      <p>{recovery ? t('second_factor_recovery_text') : t('second_factor_text')}</p>
      <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
        <Field
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? t('field_recovery_code') : t('field_totp_code')}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          error={form.formState.errors.code ? t('validation_code') : undefined}
          {...form.register('code')}
        />
        <ErrorNotice error={mutation.error} />
        <button className="c-button c-button--primary" type="submit" disabled={mutation.isPending}>
          {t('second_factor_submit')}
        </button>
      </form>
      <p className="c-auth__links">
        <button className="c-link" type="button" onClick={() => setRecovery(!recovery)}>
          {recovery ? t('second_factor_use_totp') : t('second_factor_use_recovery')}
        </button>
        <button className="c-link" type="button" onClick={() => cancel.mutate()}>
          {t('sign_out')}
        </button>
      </p>
    </main>
  );
}
