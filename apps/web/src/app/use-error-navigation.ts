import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { registerErrorNavigator, type ErrorDestination } from '../shared/api/error-navigation.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { useSpotStore } from '../shared/stores/spot-store.ts';
import { paths } from './paths.ts';

type Where = {
  /** The route the visitor was on when the error came. */
  pathname: string;
  /** Mail-confirm-only sites (MORI) have no order page to start again from. */
  onlyStartMailConfirm: boolean;
  /** The spot flow's QR token, if the visitor came through a spot QR code. */
  spotQrToken: string | null;
};

const isSpotPath = (pathname: string) =>
  pathname === paths.spot.path || pathname.startsWith(`${paths.spot.path}/`);

/** The route of an error destination (spec §4), for the flow the visitor is in. */
export function errorDestinationHref(destination: ErrorDestination, where: Where): string {
  if (destination === 'payment') {
    return isSpotPath(where.pathname) ? paths.spotPayment.getHref() : paths.payment.getHref();
  }
  if (isSpotPath(where.pathname)) {
    return paths.spot.getHref(undefined, where.spotQrToken ? { qr_token: where.spotQrToken } : undefined);
  }
  if (destination === 'session-timeout' && where.onlyStartMailConfirm) return paths.error.getHref();
  return paths.order.getHref();
}

/**
 * Registers the router as the target of error-driven navigation (shared/api/error-navigation.ts): after a
 * `session_timeout` dialog every stored value is cleared (spec §4 full reset) and the flow starts again;
 * the other destinations just move. Mounted once, by the root layout.
 */
export function useErrorNavigation(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const currentPath = useRef(pathname);
  useEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  useEffect(
    () =>
      registerErrorNavigator((destination) => {
        const spotQrToken = useSpotStore.getState().qrToken;
        const href = errorDestinationHref(destination, {
          pathname: currentPath.current,
          onlyStartMailConfirm:
            useCoreStore.getState().configuration?.settings.isOnlyStartMailConfirm ?? false,
          spotQrToken,
        });
        if (destination === 'session-timeout') {
          useCoreStore.getState().fullReset();
          // The spot store's order went with the hold; its QR token still says where the visitor started.
          useSpotStore
            .getState()
            .set({ orderToken: null, savedSpotOrder: null, spotGtmConversionData: null });
        }
        navigate(href, { replace: destination === 'session-timeout' });
      }),
    [navigate],
  );
}
