import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (docs/ARCHITECTURE.md, "Screens"). */
export default function PaymentErrorScreen() {
  return <PendingScreen titleKey="screen_payment_error_title" />;
}
