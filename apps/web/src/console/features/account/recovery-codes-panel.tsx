import { useMutation } from '@tanstack/react-query';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { useRefreshSession } from '../../shared/session/use-session.ts';
import { ErrorNotice } from '../../shared/ui/ui.tsx';

/** At or below this many unused codes the account screen warns: one lost phone away from being locked out. */
export const FEW_RECOVERY_CODES = 3;

/**
 * A new set of recovery codes (the old ones stop working), shown once. Only with a second factor enrolled;
 * the API asks the password again when the sign-in is not fresh (the shell's prompt handles it).
 */
export function RecoveryCodesPanel({ session }: { session: ConsoleSession }) {
  const { t } = useConsoleI18n();
  const refresh = useRefreshSession();
  const renew = useMutation({
    mutationFn: () => consoleCall(R.consoleRenewRecoveryCodes),
    onSuccess: () => refresh(),
  });
  const left = session.recoveryCodesLeft;
  if (left === null || left === undefined) return null;
  return (
    <section className="c-panel" aria-labelledby="c-recovery-title">
      <h2 id="c-recovery-title">{t('account_recovery_codes')}</h2>
      <p>{t('account_recovery_codes_left', { count: String(left) })}</p>
      {left <= FEW_RECOVERY_CODES && !renew.data ? (
        <p className="c-notice" role="alert">
          {t('account_recovery_codes_few')}
        </p>
      ) : null}
      <ErrorNotice error={renew.error} />
      {renew.data ? (
        <>
          <p>{t('recovery_codes_text')}</p>
          <ul className="c-codes" aria-label={t('account_recovery_codes')}>
            {renew.data.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <button className="c-button" type="button" onClick={() => renew.reset()}>
            {t('recovery_codes_done')}
          </button>
        </>
      ) : (
        <button
          className="c-button"
          type="button"
          disabled={renew.isPending}
          onClick={() => {
            if (window.confirm(t('account_recovery_codes_confirm'))) renew.mutate();
          }}
        >
          {t('account_recovery_codes_new')}
        </button>
      )}
    </section>
  );
}
