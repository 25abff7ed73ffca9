import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (docs/ARCHITECTURE.md, "Screens"). */
export default function Gmo3dsCallbackScreen() {
  return <PendingScreen titleKey="screen_gmo3ds_callback_title" />;
}
