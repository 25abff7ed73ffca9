import { reserveAsVisitor } from '../../../e2e/src/reservation-over-http.ts';

const tokyoDate = (days: number) =>
  new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A paid reservation of two tickets on the demo site, made the way a visitor makes one (the browser suite's
 * reservation-over-http.ts: hold, order form, the mailed link, the simulator's card, checkout), on the first
 * day from three days on with room. Answers the reservation token the ticket page is opened with.
 */
export async function createReservation(baseUrl: string, databaseUrl: string): Promise<string> {
  const visitor = { server: { baseUrl, databaseUrl }, address: '10.9.9.9' };
  let lastRefusal: unknown;
  for (let days = 3; days < 10; days += 1) {
    try {
      const reservation = await reserveAsVisitor(visitor, {
        site: 'DEMO',
        lang: 'ja',
        date: tokyoDate(days),
        tickets: 2,
      });
      return reservation.reservationToken;
    } catch (error) {
      lastRefusal = error;
    }
  }
  throw new Error('no demo slot found for the ticket page', { cause: lastRefusal });
}
