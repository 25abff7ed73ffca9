import { PendingScreen } from '../../../shared/ui/pending-screen.tsx';

/** Pending: contents arrive with a later issue (docs/ARCHITECTURE.md, "Screens"). */
export default function MembershipLoginScreen() {
  return <PendingScreen titleKey="screen_membership_login_title" />;
}
