import { useEffect, useState } from 'react';
import { onReauthenticationRequired } from '../shared/api/console-client.ts';
import { useConsoleI18n } from '../shared/i18n/console-i18n.tsx';
import { reauthenticate } from '../shared/session/session-api.ts';
import { Dialog } from '../shared/ui/dialog.tsx';
import { ErrorNotice, Field } from '../shared/ui/ui.tsx';

/**
 * Asks for the password when a sensitive call answers `console_reauthentication_required` (role changes,
 * second-factor resets, device keys); the client sends the call again once the password is accepted.
 */
export function ReauthenticateDialog() {
  const { t } = useConsoleI18n();
  const [pending, setPending] = useState<((done: boolean) => void) | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    onReauthenticationRequired(
      () =>
        new Promise<boolean>((resolve) => {
          setPassword('');
          setError(null);
          setPending(() => resolve);
        }),
    );
    return () => onReauthenticationRequired(undefined);
  }, []);

  if (!pending) return null;
  const finish = (done: boolean) => {
    pending(done);
    setPending(null);
  };
  return (
    <Dialog title={t('reauth_title')} onClose={() => finish(false)}>
      <p>{t('reauth_text')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          reauthenticate({ password })
            .then(() => finish(true))
            .catch((failure: unknown) => setError(failure))
            .finally(() => setBusy(false));
        }}
      >
        <Field
          label={t('field_password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <ErrorNotice error={error} />
        <div className="c-actions">
          <button className="c-button c-button--primary" type="submit" disabled={busy || password === ''}>
            {t('reauth_submit')}
          </button>
          <button className="c-button" type="button" onClick={() => finish(false)}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
