import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (docs/ARCHITECTURE.md, "Screens"). */
export default function ReservationInquiryScreen() {
  return <PendingScreen titleKey="screen_reservation_inquiry_title" />;
}
