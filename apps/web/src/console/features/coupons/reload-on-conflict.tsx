import { ConsoleApiError } from '../../shared/api/console-client.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { ErrorNotice } from '../../shared/ui/ui.tsx';

const EDIT_CONFLICT = 'console edit conflict';

/** A failed write's message; for a version conflict, with the way out: load what is saved now. */
export function ReloadOnConflict({ error, onReload }: { error: unknown; onReload: () => unknown }) {
  const { t } = useConsoleI18n();
  if (!error) return null;
  const conflict = error instanceof ConsoleApiError && error.error === EDIT_CONFLICT;
  return (
    <div className="c-coupon-conflict">
      <ErrorNotice error={error} />
      {conflict ? (
        <button className="c-button" type="button" onClick={() => void onReload()}>
          {t('coupons_reload')}
        </button>
      ) : null}
    </div>
  );
}
