import { useMutation } from '@tanstack/react-query';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { endOtherSessions, type ConsoleSession } from '../../shared/session/session-api.ts';
import { ErrorNotice, Page } from '../../shared/ui/ui.tsx';

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
        <dd>{session.role?.template ? t(`role_${session.role.template}`) : session.role?.name}</dd>
      </dl>
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
