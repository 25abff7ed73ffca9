import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import NotFoundScreen from '../features/static-pages/not-found-screen.tsx';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { paths } from './paths.ts';

/** In mail-confirm-only mode the root, order and sign-in steps are skipped (spec §2): the flow starts at mail confirm. */
export function SkippedInMailConfirmOnly({ children }: { children: ReactNode }) {
  const skip = useCoreStore((state) => state.configuration?.settings.isOnlyStartMailConfirm ?? false);
  return skip ? <Navigate replace to={paths.mailConfirm.getHref()} /> : children;
}

/** Member login exists only where the site enables it (spec §2, §6). */
export function OnlyWithMembershipLogin({ children }: { children: ReactNode }) {
  const configuration = useCoreStore((state) => state.configuration);
  if (configuration && !configuration.settings.isUseMembershipLogin) {
    return <NotFoundScreen homeHref={paths.root.getHref()} />;
  }
  return children;
}
