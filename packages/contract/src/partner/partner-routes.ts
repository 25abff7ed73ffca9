import type { HttpMethod } from '../route-paths.ts';

/**
 * Where the partner API lives (issue 30, ADR 090): at the server's root, outside every site, the console and
 * the XSRF check. A partner's server calls it with `Authorization: Bearer <api token>` (no cookie), so its
 * routes are mounted `root` with this prefix in their paths.
 */
export const PARTNER_API_PATH = '/partner/api/v1';

/** A route of the partner API: mount `root`, its path under `PARTNER_API_PATH`. */
/* @__NO_SIDE_EFFECTS__ */
const partnerRoute = <const N extends `partner${string}`, const M extends HttpMethod, const P extends string>(
  name: N,
  method: M,
  path: P,
  extra: { idempotent?: true } = {},
) => ({
  name,
  method,
  path: `${PARTNER_API_PATH}${path}` as `/partner/api/v1${P}`,
  mount: 'root' as const,
  ...extra,
});

/** Every route of the partner API; `all-routes.ts` joins them to the visitors' and the console's. */
export const PARTNER_ROUTE_LIST = [
  partnerRoute('partnerListProducts', 'GET', '/products'),
  partnerRoute('partnerAvailability', 'GET', '/availability'),
  // Idempotent through its `Idempotency-Key` header: a retry with the same key answers the same booking.
  partnerRoute('partnerCreateBooking', 'POST', '/bookings', { idempotent: true }),
  partnerRoute('partnerGetBooking', 'GET', '/bookings/:number'),
  partnerRoute('partnerCancelBooking', 'POST', '/bookings/:number/cancellation', { idempotent: true }),
  partnerRoute('partnerBookingTickets', 'GET', '/bookings/:number/tickets'),
] as const;
