import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (docs/ARCHITECTURE.md, "Screens"). */
export default function TodayTicketInfoScreen() {
  return <PendingScreen titleKey="screen_signage_today_ticket_info_title" />;
}
