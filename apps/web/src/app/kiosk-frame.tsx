import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useIsKiosk } from '../shared/kiosk/kiosk-store.ts';
import { paths } from '../shared/routing/paths.ts';

// Only a kiosk loads its idle reset: an ordinary visitor's screens do not carry it (route budgets).
const KioskIdleGuard = lazy(() => import('../features/kiosk/idle/kiosk-idle-guard.tsx'));

/**
 * Around every screen: on a kiosk (ADR 081) the page is marked `data-kiosk` (larger type and touch targets,
 * no footer) and every screen but the first (the language picker, where there is nothing to clear) resets
 * after a minute idle.
 */
export function KioskFrame() {
  const kiosk = useIsKiosk();
  const { pathname } = useLocation();
  useEffect(() => {
    document.documentElement.toggleAttribute('data-kiosk', kiosk);
  }, [kiosk]);
  return (
    <>
      {kiosk && pathname !== paths.kiosk.path ? (
        <Suspense fallback={null}>
          <KioskIdleGuard />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}
