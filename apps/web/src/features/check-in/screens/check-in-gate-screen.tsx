import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (docs/ARCHITECTURE.md, "Screens"). */
export default function CheckInGateScreen() {
  return <PendingScreen titleKey="screen_check_in_gate_title" />;
}
