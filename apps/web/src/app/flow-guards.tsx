import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import type { ConfigurationResponse } from '@kippu/contract/site-settings';
import NotFoundScreen from '../features/static-pages/not-found-screen.tsx';
import { configurationQuery } from '../shared/api/endpoints/configurations.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { useIsKiosk } from '../shared/kiosk/kiosk-store.ts';
import { paths } from '../shared/routing/paths.ts';

/**
 * The site's configuration once the guards can decide: undefined while it is still on its way (the
 * guarded screen must not mount yet: MORI's order screen fetched, then was redirected away, issue 7),
 * null when it could not be loaded (the error dialog says so; the screen shows as for a default site).
 */
function useSettledConfiguration(): ConfigurationResponse | null | undefined {
  const stored = useCoreStore((state) => state.configuration);
  const query = useQuery(configurationQuery());
  if (stored) return stored;
  if (query.data) return query.data;
  return query.isPending ? undefined : null;
}

/**
 * In mail-confirm-only mode the root, order and sign-in steps are skipped (spec §2): the flow starts at mail
 * confirm. Not on a kiosk, which has no mail step (ADR 081): its visitor orders on the spot.
 */
export function SkippedInMailConfirmOnly({ children }: { children: ReactNode }) {
  const configuration = useSettledConfiguration();
  const kiosk = useIsKiosk();
  if (configuration === undefined) return null;
  const skip = !kiosk && (configuration?.settings.isOnlyStartMailConfirm ?? false);
  return skip ? <Navigate replace to={paths.mailConfirm.getHref()} /> : children;
}

/** Member login exists only where the site enables it (spec §2, §6). */
export function OnlyWithMembershipLogin({ children }: { children: ReactNode }) {
  const configuration = useSettledConfiguration();
  if (configuration === undefined) return null;
  if (configuration && !configuration.settings.isUseMembershipLogin) {
    return <NotFoundScreen homeHref={paths.root.getHref()} />;
  }
  return children;
}
