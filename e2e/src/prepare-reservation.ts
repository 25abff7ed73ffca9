import { inject } from 'vitest';
import { nextVisitorAddress } from './fixtures.ts';
import {
  holdAndSendMail,
  reserveAsVisitor,
  type PreparedOrder,
  type PreparedReservation,
  type ReservationRequest,
  type Visitor,
} from './reservation-over-http.ts';

export type { PreparedOrder, PreparedReservation, ReservationRequest } from './reservation-over-http.ts';

/** A new visitor of the suite's server: its own client address (fixtures.ts), as each browser context is. */
function newVisitor(): Visitor {
  return {
    server: { baseUrl: inject('e2eBaseUrl'), databaseUrl: inject('e2eDatabaseUrl') },
    address: nextVisitorAddress(),
  };
}

/**
 * An order brought to the payment step over HTTP, for journeys whose subject is the payment screen (ADR 053):
 * held, its form filled in, its confirmation mail sent. Opening `mailLinkPath` in the browser is the
 * visitor's click on the mailed link: the SPA confirms it, keeps the order and shows the payment screen.
 */
export function prepareOrderForPayment(request: ReservationRequest): Promise<PreparedOrder> {
  return holdAndSendMail(newVisitor(), request);
}

/**
 * A paid reservation made over HTTP (reservation-over-http.ts), for journeys whose subject comes after the
 * purchase (ADR 053). Fails with the server's answer when a step is refused.
 */
export function prepareReservation(request: ReservationRequest): Promise<PreparedReservation> {
  return reserveAsVisitor(newVisitor(), request);
}
