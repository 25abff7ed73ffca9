import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (docs/ARCHITECTURE.md, "Screens"). */
export default function ChangeDateConfirmScreen() {
  return <PendingScreen titleKey="screen_change_date_confirm_title" />;
}
