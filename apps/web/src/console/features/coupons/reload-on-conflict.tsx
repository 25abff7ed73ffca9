import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { ReloadOnConflict as Shared } from '../../shared/ui/reload-on-conflict.tsx';

/** A failed write's message; for a version conflict, with the way out: load what is saved now. */
export function ReloadOnConflict(props: { error: unknown; onReload: () => unknown }) {
  const { t } = useConsoleI18n();
  return <Shared {...props} reloadLabel={t('coupons_reload')} />;
}
