/**
 * Where every call of the API lives (spec §7, ADR 050): its method and path, once, for the server that
 * registers it and the web that calls it. Deliberately free of zod: the web's first screen and its
 * production bundles read these facts without the schemas, which `endpoints/*` add (`defineEndpoint`).
 *
 * Paths are Fastify patterns (`:name` is a path parameter) relative to where the route is mounted:
 * - `api`: under `/{site}/api/v1` (the SPA's calls, XSRF-checked);
 * - `site`: under `/{site}` (d払い's two calls, spec §7, XSRF-checked);
 * - `root`: at the server's root, outside every site and the XSRF check (gateways and browsers coming back
 *   from them, ADR 026);
 * - `console`: under `/console/api/v1`, outside every site (one staff member manages several), behind the
 *   console's own session, CSRF and Origin checks (issue 27); listed in `console/*-routes.ts`.
 *
 * This table is the visitors' only: every visitor page carries it, and the console's routes would grow each
 * of them (the console carries its own list, `console/console-routes.ts`). `all-routes.ts` joins the two for
 * the server, `defineEndpoint` and tests. The types and `fillPath` are in `route-paths.ts`, re-exported here.
 */
import { routesByName, type HttpMethod, type RouteMount, type RoutesByName } from './route-paths.ts';

export * from './route-paths.ts';

const api = <const N extends string, const M extends HttpMethod, const P extends string>(
  name: N,
  method: M,
  path: P,
  extra: { idempotent?: true } = {},
) => ({ name, method, path, mount: 'api' as const, ...extra });
const at = <
  const R extends RouteMount,
  const N extends string,
  const M extends HttpMethod,
  const P extends string,
>(
  mount: R,
  name: N,
  method: M,
  path: P,
) => ({ name, method, path, mount });

const routeList = [
  // Site data (sites feature): the layout's start-up calls.
  api('langs', 'GET', '/langs'),
  api('texts', 'GET', '/texts'),
  api('configurations', 'GET', '/configurations'),
  api('fieldTemplates', 'GET', '/field_templates'),
  api('paymentMethods', 'GET', '/paymentmethods'),
  // Catalogue and availability (ADR 033).
  api('products', 'GET', '/products'),
  api('productSearch', 'GET', '/products/search'),
  api('productSearchByDate', 'GET', '/products/search2'),
  api('stocks', 'GET', '/products/stocks'),
  api('stockStatuses', 'GET', '/products/stocks-statuses'),
  api('orderableStocks', 'GET', '/products/orderable_stocks'),
  api('calendarColors', 'GET', '/calendar/colors'),
  api('setProductSearch', 'GET', '/setproducts/search'),
  api('spotStocks', 'GET', '/spot/products/stocks'),
  api('spotProducts', 'GET', '/spot/products'),
  api('spotSetProductSearch', 'GET', '/spot/setproducts/search'),
  // Temporary orders and holds.
  api('createOrder', 'POST', '/orders'),
  api('temporaryOrder', 'GET', '/orders/:id'),
  api('updateOrder', 'PUT', '/orders/:id'),
  api('cancelOrder', 'DELETE', '/orders/:id'),
  api('applyOrderCoupon', 'POST', '/ordercoupons/:id'),
  api('removeOrderCoupon', 'DELETE', '/ordercoupons/:id/:couponId'),
  api('sendOrderMail', 'POST', '/ordermails/:id'),
  api('confirmOrderMail', 'GET', '/ordermails/:id'),
  api('membershipLogin', 'POST', '/membership/login/:id'),
  api('membershipInfo', 'GET', '/membership/:id'),
  // Checkout (ADR 017) and the ways back from a gateway's page (ADR 026).
  api('checkout', 'POST', '/orders/checkout/:id', { idempotent: true }),
  api('confirmCheckout', 'POST', '/orders/confirmcheckout', { idempotent: true }),
  api('exePayment', 'POST', '/gmo-secure/exe-payment', { idempotent: true }),
  api('paymentResult', 'GET', '/payment-results/:id'),
  api('reservationLookup', 'GET', '/reservations'),
  api('gtm', 'GET', '/gtm/:id'),
  // The spot channel (ADR 031).
  api('createSpotOrder', 'POST', '/spot/orders'),
  api('updateSpotOrder', 'PUT', '/spot/orders/:id'),
  api('applySpotOrderCoupon', 'POST', '/spot/ordercoupons/:id'),
  // After the purchase: tickets, share (ADR 021), receipt (ADR 023), downloads, mail magazines.
  api('ticket', 'GET', '/tickets/:id'),
  api('ticketShareOptions', 'GET', '/tickets/share/:id'),
  api('shareTickets', 'POST', '/tickets/share/:id'),
  api('sharedTicket', 'GET', '/tickets/shared/:id'),
  api('sendTicket', 'POST', '/tickets/send/:id'),
  // A sent ticket link: the tickets only, no owner's actions (issue 32, ADR 102).
  api('viewTicket', 'GET', '/tickets/view/:id'),
  api('receipt', 'GET', '/receipts/:id'),
  api('issueReceipt', 'POST', '/receipts/:id'),
  api('receiptPdf', 'GET', '/receipts/:id/pdf'),
  // A refund's return note (issue 29, ADR 076).
  api('returnNote', 'GET', '/return-notes/:id/:number'),
  api('returnNotePdf', 'GET', '/return-notes/:id/:number/pdf'),
  api('reservationCalendar', 'GET', '/reservations/:id/calendar.ics'),
  api('walletPass', 'GET', '/reservations/:id/tickets/:ticketId/wallet.pkpass'),
  api('mailMagazine', 'GET', '/mailmagazines/:id'),
  api('unsubscribeMailMagazine', 'PUT', '/mailmagazines/:id'),
  // Change of date (ADR 029).
  api('timeChangeOptions', 'GET', '/timechanges/:reservationToken'),
  api('createTimeChange', 'POST', '/timechanges/:reservationToken'),
  api('timeChange', 'GET', '/timechanges/:reservationToken/:timechangeToken'),
  api('cancelTimeChange', 'DELETE', '/timechanges/:reservationToken/:timechangeToken'),
  api('timeChangeCheckout', 'POST', '/timechanges/:reservationToken/:timechangeToken/checkout', {
    idempotent: true,
  }),
  // A moved visit's self-service link (issue 29, ADR 079).
  api('movedVisit', 'GET', '/moved-visits/:token'),
  api('movedVisitChooseSlot', 'POST', '/moved-visits/:token/slot'),
  api('movedVisitRefund', 'POST', '/moved-visits/:token/refund'),
  // The entry gate (ADR 030) and the entrance screen (ADR 032).
  api('gateSession', 'GET', '/gate/session'),
  api('gateTicketList', 'GET', '/gate/ticket-list'),
  api('gateCheckIn', 'POST', '/gate/check-ins'),
  api('gateSync', 'POST', '/gate/check-ins/sync'),
  api('tapTicketStatus', 'GET', '/check-ins/:reservationToken/:ticketId'),
  api('tapCheckIn', 'POST', '/check-ins/:reservationToken/:ticketId'),
  api('signageToday', 'GET', '/signage/today'),
  // The waiting room for on-sale rushes (issue 31, ADR 095).
  api('joinWaitingRoom', 'POST', '/waiting-room/entries'),
  api('waitingRoomEntry', 'GET', '/waiting-room/entries/current'),
  api('waitingRoomStatus', 'GET', '/waiting-room/status'),
  // The visitor id (issue 31, ADR 094): a no-store answer that sets the signed cookie.
  api('visitor', 'GET', '/visitor'),
  // The kiosk (issue 29, ADR 080): pairing a tablet (sets its device cookie) and its session.
  api('kioskPair', 'GET', '/kiosk/pair/:code'),
  api('kioskSession', 'GET', '/kiosk/session'),
  // d払い's two calls under the site's path (spec §7, ADR 028).
  at('site', 'dpayAuth', 'GET', '/d-account/v1/auth/:id'),
  at('site', 'dpayScptok', 'GET', '/d-pay/v1/scptok/:id'),
  // Gateways' returns and notifications (ADR 026-028): at the root.
  at('root', 'gmo3dsReturnGet', 'GET', '/payment-return/gmo_3ds/:paymentNumber'),
  at('root', 'gmo3dsReturnPost', 'POST', '/payment-return/gmo_3ds/:paymentNumber'),
  at('root', 'gmoPaypayReturnGet', 'GET', '/payment-return/gmo_paypay/:paymentNumber'),
  at('root', 'gmoPaypayReturnPost', 'POST', '/payment-return/gmo_paypay/:paymentNumber'),
  at('root', 'alipayReturnGet', 'GET', '/payment-return/alipay/:paymentNumber'),
  at('root', 'alipayReturnPost', 'POST', '/payment-return/alipay/:paymentNumber'),
  at('root', 'gmoNotify', 'POST', '/payment-notify/gmo'),
  at('root', 'stripeReturn', 'GET', '/payment-return/stripe/:paymentNumber'),
  at('root', 'stripeWebhook', 'POST', '/payment-webhooks/stripe'),
  // A site's own Stripe account's webhook (ADR 125): verified with that site's signing secret.
  at('root', 'stripeSiteWebhook', 'POST', '/payment-webhooks/stripe/:site'),
  at('root', 'dpayLoginReturn', 'GET', '/payment-return/d_pay/:paymentNumber'),
  at('root', 'dpayResultReturn', 'POST', '/payment-return/d_pay/:paymentNumber/result'),
  at('root', 'dpayNotify', 'POST', '/payment-notify/d_pay'),
  at('root', 'sbpsAutoSubmitScript', 'GET', '/payments/softbank/auto-submit.js'),
  at('root', 'sbpsPurchase', 'GET', '/payments/softbank/purchase/:paymentNumber'),
  at('root', 'sbpsNotification', 'POST', '/payments/softbank/notification'),
  at('root', 'sbpsReturnPost', 'POST', '/payments/softbank/return/:paymentNumber/:result'),
  at('root', 'sbpsReturnGet', 'GET', '/payments/softbank/return/:paymentNumber/:result'),
  // Images staff uploaded for a site (issue 28, ADR 071): public, content-addressed, cached for a year.
  at('root', 'siteImage', 'GET', '/site-images/:file'),
  // The demo sites' built-in artwork (issue 32, ADR 105): the app-download modal's image.
  at('root', 'demoImage', 'GET', '/images/:file'),
] as const;

type VisitorRouteList = (typeof routeList)[number];
export type VisitorRouteName = VisitorRouteList['name'];
export type VisitorRoutes = RoutesByName<VisitorRouteList>;

/** The visitors' routes in their order; `all-routes.ts` adds the console's. */
export const VISITOR_ROUTE_LIST = routeList;
/** Every visitor route by name (the console's are in `ALL_ROUTES`, `all-routes.ts`). */
export const ROUTES: VisitorRoutes = routesByName(routeList);
