import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (apps/web/PENDING-SCREENS.md). */
export default function SendedMailScreen() {
  return <PendingScreen titleKey="screen_sended_mail_title" />;
}
