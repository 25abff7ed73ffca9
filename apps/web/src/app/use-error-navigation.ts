import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { registerErrorNavigator, type ErrorDestination } from '../shared/api/error-navigation.ts';
import { changeAwayForPayment } from '../shared/stores/change-payment-away.ts';
import { useCoreStore } from '../shared/stores/core-store.ts';
import { useSpotStore } from '../shared/stores/spot-store.ts';
import type { ChangeTokens } from '../shared/stores/ticket-store.ts';
import { paths } from '../shared/routing/paths.ts';
import { callbackFlow } from '../shared/routing/callback-flow.ts';
import type { PaymentFlow } from '@kippu/contract/enums';

type Where = {
  /** The route the visitor was on when the error came. */
  pathname: string;
  /** Mail-confirm-only sites (MORI) have no order page to start again from. */
  onlyStartMailConfirm: boolean;
  /** The spot flow's QR token, if the visitor came through a spot QR code. */
  spotQrToken: string | null;
  /**
   * The flow a payment callback's URL names (`?flow=`, put there by the server's return route from the
   * attempt's order; ADR 059). None: the callback is the booking's (the documented fallback).
   */
  callbackFlow?: PaymentFlow | null;
  /** The change of date whose top-up left for a gateway's page: its tokens, for a callback of a change. */
  changePaymentAway?: ChangeTokens | null;
};

/** A gateway's return (spec §2 payment callbacks): its path names no flow. */
const isPaymentCallback = (pathname: string) => pathname.startsWith('/payment-callback/');

const isSpotPath = (pathname: string) =>
  pathname === paths.spot.path || pathname.startsWith(`${paths.spot.path}/`);

/** A gateway's return (`/payment-callback/...`) belongs to the flow its URL names. */
const isSpotFlow = (where: Where) =>
  isSpotPath(where.pathname) || (where.callbackFlow === 'spot' && isPaymentCallback(where.pathname));

/** The tokens of a change-of-date route (`/tickets/changedate/.../:reservationToken/timechange/:token`). */
function timeChangeTokens(pathname: string): { reservationToken: string; timechangeToken?: string } | null {
  const match =
    /^\/tickets\/changedate\/(?:confirm\/|payment\/(?:confirm\/)?|complete\/)?([^/]+)(?:\/timechange\/([^/]+))?/.exec(
      pathname,
    );
  if (!match) return null;
  const reservationToken = decodeURIComponent(match[1]!);
  return match[2]
    ? { reservationToken, timechangeToken: decodeURIComponent(match[2]) }
    : { reservationToken };
}

/**
 * The change of date the visitor is in: the one a change-of-date route names, or on a gateway's return
 * whose URL names the change's flow the one whose top-up left for it. Null in every other flow.
 */
const changeInFlow = (where: Where) =>
  timeChangeTokens(where.pathname) ??
  (isPaymentCallback(where.pathname) && where.callbackFlow === 'change_date'
    ? (where.changePaymentAway ?? null)
    : null);

/** The route of an error destination (spec §4), for the flow the visitor is in. */
export function errorDestinationHref(destination: ErrorDestination, where: Where): string {
  // The change of date (spec §4): a failed top-up pays again on its own payment screen; anything else
  // that ends the change goes back to choosing a date.
  const change = changeInFlow(where);
  if (change) {
    return destination === 'payment' && change.timechangeToken
      ? paths.changeDatePayment.getHref(
          { reservationToken: change.reservationToken, timechangeToken: change.timechangeToken },
          { ref: 'c' },
        )
      : paths.changeDate.getHref({ reservationToken: change.reservationToken });
  }
  if (destination === 'payment') {
    return isSpotFlow(where) ? paths.spotPayment.getHref() : paths.payment.getHref();
  }
  if (isSpotFlow(where)) {
    return paths.spot.getHref(undefined, where.spotQrToken ? { qr_token: where.spotQrToken } : undefined);
  }
  if (destination === 'session-timeout' && where.onlyStartMailConfirm) return paths.error.getHref();
  return paths.order.getHref();
}

/**
 * Registers the router as the target of error-driven navigation (shared/api/error-navigation.ts): after a
 * `session_timeout` dialog every stored value is cleared (spec §4 full reset) and the flow starts again
 * (a change of date's only starts again: the booking it changes stays); the other destinations just move.
 * Mounted once, by the root layout.
 */
export function useErrorNavigation(): void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const currentPath = useRef(pathname);
  const currentSearch = useRef(search);
  useEffect(() => {
    currentPath.current = pathname;
    currentSearch.current = search;
  }, [pathname, search]);

  useEffect(
    () =>
      registerErrorNavigator((destination) => {
        const where: Where = {
          pathname: currentPath.current,
          onlyStartMailConfirm:
            useCoreStore.getState().configuration?.settings.isOnlyStartMailConfirm ?? false,
          spotQrToken: useSpotStore.getState().qrToken,
          callbackFlow: callbackFlow(new URLSearchParams(currentSearch.current)),
          changePaymentAway: changeAwayForPayment(),
        };
        const href = errorDestinationHref(destination, where);
        // A change of date keeps the booking it changes (and this browser's other flows): nothing to clear.
        if (destination === 'session-timeout' && !changeInFlow(where)) {
          useCoreStore.getState().fullReset();
          // The spot store's order went with the hold; its QR token still says where the visitor started.
          useSpotStore
            .getState()
            .set({ orderToken: null, savedSpotOrder: null, spotGtmConversionData: null });
        }
        // Neither a timed-out screen nor a gateway's return is one to come back to (Back would ask the
        // gateway about the spent payment again).
        navigate(href, {
          replace: destination === 'session-timeout' || isPaymentCallback(currentPath.current),
        });
      }),
    [navigate],
  );
}
