import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (apps/web/PENDING-SCREENS.md). */
export default function ChangeDateConfirmScreen() {
  return <PendingScreen titleKey="screen_change_date_confirm_title" />;
}
