import type { ErrorCode } from '@kippu/contract/errors';
import { ROUTES } from '@kippu/contract/routes';
import { serverErrorCode } from './api-error.ts';
import { describeCall } from './call-url.ts';

/**
 * Where the visitor goes once the dialog of a server error closes (spec §4). The app layer turns a
 * destination into a route, because only it knows the routes, the site's settings and the flow the
 * visitor is in (booking or spot).
 *  - `session-timeout`: the hold is gone. Every stored value is cleared and the flow starts again.
 *  - `order`: the order page (an e-mail address the server refused).
 *  - `payment`: pay again (a declined payment, or a coupon used up while checking out); in the change of
 *    date flow, its own payment screen.
 *  - `time-change`: the change-date page (a time change that is over, or an address refused in one).
 */
export type ErrorDestination = 'session-timeout' | 'order' | 'payment' | 'time-change';

/** The call that failed, as the API client made it (url relative to the API base). */
export type FailedCall = { method: string; url: string };

/** Checkout is the only call on the confirm screen whose coupon failure means "choose how to pay again". */
const CHECKOUT = describeCall(ROUTES.checkout, { id: '' });
const isCheckout = (call: FailedCall) => call.method === CHECKOUT.method && call.url.startsWith(CHECKOUT.url);

/** The one table of error-driven navigation. Every other error keeps its dialog and the current screen. */
const DESTINATIONS: Partial<Record<ErrorCode, (call: FailedCall) => ErrorDestination | null>> = {
  session_timeout: () => 'session-timeout',
  invalid_email: () => 'order',
  payment_api_failure: () => 'payment',
  invalid_email_time_change: () => 'time-change',
  time_change_not_pending: () => 'time-change',
  // Applying a coupon on the confirm screen can fail the same way; there the visitor just tries another.
  coupon_limit_reached: (call) => (isCheckout(call) ? 'payment' : null),
};

/** The destination for a server error body `{ error }` from `call`, or null to stay. */
export function errorDestinationFor(body: unknown, call: FailedCall): ErrorDestination | null {
  const code = serverErrorCode(body);
  return code ? (DESTINATIONS[code]?.(call) ?? null) : null;
}

type Navigator = (destination: ErrorDestination) => void;
let navigator: Navigator | null = null;

/**
 * The app registers how to reach a destination (the router lives there; shared code cannot import it).
 * Answers the function that unregisters it again.
 */
export function registerErrorNavigator(navigate: Navigator): () => void {
  navigator = navigate;
  return () => {
    if (navigator === navigate) navigator = null;
  };
}

/** Goes to `destination` through the registered navigator (none in a bare component test: stays). */
export function followErrorDestination(destination: ErrorDestination): void {
  navigator?.(destination);
}
