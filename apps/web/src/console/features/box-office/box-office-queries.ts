import type { BoxOfficeSaleBody } from '@kippu/contract/console/box-office-schemas';
import { ConsoleApiError, consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';

export const boxOfficeKeys = {
  products: (site: string, date: string) => ['console', 'box-office', site, 'products', date] as const,
};

/** What the counter sells on a Tokyo date: products, slots with seats left, ticket types, the pos methods. */
export const boxOfficeProducts = (site: string, date: string) =>
  consoleCall(R.consoleBoxOfficeProducts, { params: { site }, query: { date } });

export const sell = (site: string, body: BoxOfficeSaleBody) =>
  consoleCall(R.consoleBoxOfficeSale, { params: { site }, body });

/**
 * A new sale's idempotency key (the contract's 16–64 letters, digits, - and _): chosen once per sale, so a
 * double click or a retry after a lost answer sells once and answers the same sale.
 */
export function newSaleKey(): string {
  // getRandomValues rather than randomUUID: the latter exists only on https, and a counter may be on http.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `bo-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Whether a failed sale certainly sold nothing, so the next try may use a new key: the server refused it
 * (4xx: short cash, out of stock, not on sale...). After no answer or a 5xx the outcome is unknown and the
 * same key must be sent again, so that a sale that did happen is answered rather than made twice.
 */
export function saleRefused(error: unknown): boolean {
  return error instanceof ConsoleApiError && error.status >= 400 && error.status < 500;
}

/**
 * "Send by mail" after the sale, through the order desk's routes (no second path for mail): find the
 * order by its reservation number, set the visitor's address when it differs, and queue the purchase mail
 * (which carries the tickets) again.
 */
export async function mailSale(site: string, reservationNumber: string, email: string) {
  const found = await consoleCall(R.consoleSearchOrders, {
    params: { site },
    query: { q: reservationNumber, kind: 'reservation_number' },
  });
  const order = found.orders.find((each) => each.reservation_number === reservationNumber);
  if (!order) throw new ConsoleApiError(404, 'record not found');
  if (order.visitor.email !== email) {
    const { order: detail } = await consoleCall(R.consoleGetOrder, { params: { site, id: order.id } });
    await consoleCall(R.consoleUpdateOrderVisitor, {
      params: { site, id: order.id },
      body: { email, expected_updated_at: detail.updated_at },
    });
  }
  return consoleCall(R.consoleResendPurchaseMail, { params: { site, id: order.id } });
}
