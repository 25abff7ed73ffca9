import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Page } from '../../shared/ui/ui.tsx';

/** One move run: its progress while it runs, and the result list after (issue 29). */
export function VisitorMoveScreen() {
  const { t } = useConsoleI18n();
  return <Page title={t('nav_visitor_moves')}>{null}</Page>;
}
