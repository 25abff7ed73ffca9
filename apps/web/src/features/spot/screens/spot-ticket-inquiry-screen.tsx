import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (docs/ARCHITECTURE.md, "Screens"). */
export default function SpotTicketInquiryScreen() {
  return <PendingScreen titleKey="screen_spot_ticket_inquiry_title" />;
}
