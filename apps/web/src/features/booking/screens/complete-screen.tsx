import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (apps/web/PENDING-SCREENS.md). */
export default function CompleteScreen() {
  return <PendingScreen titleKey="screen_complete_title" />;
}
