import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (docs/ARCHITECTURE.md, "Screens"). */
export default function SignInScreen() {
  return <PendingScreen titleKey="screen_sign_in_title" />;
}
