import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (docs/ARCHITECTURE.md, "Screens"). */
export default function Sbps3dsCallbackScreen() {
  return <PendingScreen titleKey="screen_sbps3ds_callback_title" />;
}
