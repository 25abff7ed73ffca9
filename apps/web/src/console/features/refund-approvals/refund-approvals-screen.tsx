import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Page } from '../../shared/ui/ui.tsx';

/** Refunds above the organisation's limit waiting for a second staff member's approval (issue 29). */
export function RefundApprovalsScreen() {
  const { t } = useConsoleI18n();
  return <Page title={t('nav_refund_approvals')}>{null}</Page>;
}
