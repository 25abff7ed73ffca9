import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (docs/ARCHITECTURE.md, "Screens"). */
export default function SpotPaymentScreen() {
  return <PendingScreen titleKey="screen_spot_payment_title" />;
}
