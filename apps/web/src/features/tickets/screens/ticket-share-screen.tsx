import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (docs/ARCHITECTURE.md, "Screens"). */
export default function TicketShareScreen() {
  return <PendingScreen titleKey="screen_ticket_share_title" />;
}
