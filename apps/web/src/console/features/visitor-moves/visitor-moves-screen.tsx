import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Page } from '../../shared/ui/ui.tsx';

/** Move every visitor of a closed slot or day, and the runs so far (issue 29). */
export function VisitorMovesScreen() {
  const { t } = useConsoleI18n();
  return <Page title={t('nav_visitor_moves')}>{null}</Page>;
}
