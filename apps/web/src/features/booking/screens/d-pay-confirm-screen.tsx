import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (docs/ARCHITECTURE.md, "Screens"). */
export default function DPayConfirmScreen() {
  return <PendingScreen titleKey="screen_d_pay_confirm_title" />;
}
