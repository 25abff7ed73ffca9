import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { roleName } from '../../shared/i18n/role-name.ts';
import { changePassword, endOtherSessions, type ConsoleSession } from '../../shared/session/session-api.ts';
import { PasswordForm } from '../../shared/session/password-form.tsx';
import { ErrorNotice, Field, Page } from '../../shared/ui/ui.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';

/**
 * A new password: every session of the account ends with it (issue 27), this browser goes on in a new one
 * whose CSRF token the answer carries.
 */
function ChangePassword() {
  const { t } = useConsoleI18n();
  const [current, setCurrent] = useState('');
  const change = useMutation({
    mutationFn: (newPassword: string) => changePassword({ currentPassword: current, newPassword }),
    onSuccess: () => setCurrent(''),
  });
  return (
    <section className="c-panel" aria-labelledby="c-password-title">
      <h2 id="c-password-title">{t('account_password')}</h2>
      <Field
        label={t('account_current_password')}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      {change.isSuccess ? (
        <p className="c-notice c-notice--ok" role="status">
          {t('account_password_done')}
        </p>
      ) : null}
      <PasswordForm
        key={change.isSuccess ? 'done' : 'editing'}
        submitLabel={t('account_password_submit')}
        pending={change.isPending}
        error={change.error}
        onSubmit={(values) => change.mutate(values.password)}
      />
    </section>
  );
}

/** The staff member's own account: who they are, and ending their sessions on other devices. */
export function AccountScreen({ session }: { session: ConsoleSession }) {
  const { t } = useConsoleI18n();
  const end = useMutation({ mutationFn: endOtherSessions });
  return (
    <Page title={t('account_title')}>
      <dl className="c-facts">
        <dt>{t('field_name')}</dt>
        <dd>{session.staff?.name}</dd>
        <dt>{t('field_email')}</dt>
        <dd>{session.staff?.email}</dd>
        <dt>{t('field_role')}</dt>
        <dd>{session.role ? roleName(t, session.role) : null}</dd>
      </dl>
      <ChangePassword />
      <RecoveryCodesPanel session={session} />
      <h2>{t('account_sessions')}</h2>
      <p>{t('account_sessions_text')}</p>
      <ErrorNotice error={end.error} />
      {end.isSuccess ? <p role="status">{t('account_sessions_done')}</p> : null}
      <button className="c-button" type="button" disabled={end.isPending} onClick={() => end.mutate()}>
        {t('account_end_other_sessions')}
      </button>
    </Page>
  );
}
