/**
 * Every route of spec §2 in one place. Components link with `paths.x.getHref(...)`,
 * never with hand-built strings.
 */
type Params = Record<string, string>;

function route<P extends Params | void = void>(path: string) {
  return {
    path,
    getHref: (params?: P, query?: Record<string, string>): string => {
      const filled = path.replace(/:(\w+)/g, (_match, name: string) =>
        encodeURIComponent((params as Params | undefined)?.[name] ?? ''),
      );
      const search = query ? new URLSearchParams(query).toString() : '';
      return search ? `${filled}?${search}` : filled;
    },
  };
}

type Token = { reservationToken: string };
type TimeChange = Token & { timechangeToken: string };

export const paths = {
  root: route('/'),
  // Booking flow
  order: route('/order'),
  /** The on-sale rush's queue before the order's hold (issue 31, ADR 096): not a spec §2 route. */
  waitingRoom: route('/waiting-room'),
  signIn: route('/sign-in'),
  membershipLogin: route('/membership-login'),
  sendedMail: route('/sended-mail'),
  mailConfirm: route('/mail-confirm'),
  payment: route('/payment'),
  confirm: route('/confirm'),
  complete: route('/complete'),
  dPayConfirm: route('/d-pay-confirm'),
  error: route('/error'),
  // Payment callbacks
  paymentCallback: route<{ paymentType: string; status: string }>('/payment-callback/:paymentType/:status'),
  paymentCallbackGmo3ds: route('/payment-callback/gmo3ds'),
  paymentCallbackSbps3ds: route('/payment-callback/sbps3ds'),
  paymentError: route('/payment-error'),
  // Ticket pages
  ticketRedirect: route<Token>('/tickets/:reservationToken'),
  ticket: route<Token>('/id/:reservationToken'),
  checkInGate: route<Token & { id: string; type: string }>('/id/:reservationToken/:id/:type'),
  /** The staff scanner (ADR 030): not a spec §2 route; a gate device opens it once and keeps it. */
  gateScanner: route('/gate'),
  receipt: route<Token>('/id/:reservationToken/receipt'),
  /** A refund's return note (issue 29, ADR 076): beside the receipt, which never changes. */
  returnNote: route<Token & { number: string }>('/id/:reservationToken/return-notes/:number'),
  ticketShare: route<Token>('/tickets/share/:reservationToken'),
  ticketShared: route<Token>('/tickets/shared/:reservationToken'),
  ticketSend: route<Token>('/tickets/send/:reservationToken'),
  /** A sent ticket link (ADR 102): the tickets only, opened with a view token, never the holder's. */
  ticketView: route<{ viewToken: string }>('/tickets/view/:viewToken'),
  changeDate: route<Token>('/tickets/changedate/:reservationToken'),
  changeDateConfirm: route<TimeChange>(
    '/tickets/changedate/confirm/:reservationToken/timechange/:timechangeToken',
  ),
  changeDatePayment: route<TimeChange>(
    '/tickets/changedate/payment/:reservationToken/timechange/:timechangeToken',
  ),
  changeDatePaymentConfirm: route<TimeChange>(
    '/tickets/changedate/payment/confirm/:reservationToken/timechange/:timechangeToken',
  ),
  changeDateComplete: route<Token>('/tickets/changedate/complete/:reservationToken'),
  // Static and other pages
  privacy: route('/privacy'),
  specified: route('/specified'),
  terms: route('/terms'),
  reservationInquiry: route('/reservation-inquiry'),
  mailRelease: route<{ mailToken: string }>('/mail-release/:mailToken'),
  mailReleaseCompletion: route('/mail-release-completion'),
  signageTodayTicketInfo: route('/signage/today-ticket-info'),
  // Spot flow
  spot: route('/spot'),
  spotPayment: route('/spot/payment'),
  spotTicketInquiry: route('/spot/ticket-inquiry'),
  spotQr: route<{ productUUID: string }>('/spot/qr/:productUUID'),
  spotOrderFields: route<Token>('/spot/order-fields/:reservationToken'),
  spotProducts: route('/spot/products'),
  spotEmailSended: route<Token>('/spot/email-sended/:reservationToken'),
  // Issue 29 (ADR 079, 081): a moved visit's self-service link, and the kiosk mode of a paired tablet.
  movedVisit: route<{ token: string }>('/moved-visit/:token'),
  kiosk: route('/kiosk'),
  kioskTickets: route<Token>('/kiosk/tickets/:reservationToken'),
} as const;

export type PathName = keyof typeof paths;
