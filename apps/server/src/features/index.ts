import type { FastifyInstance } from 'fastify';
import { sitesRoutes } from './sites/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { bookingRoutes } from './booking/routes.ts';
import { couponsRoutes } from './coupons/routes.ts';
import { orderMailsRoutes } from './mail/routes.ts';
import { checkoutRoutes } from './checkout/routes.ts';
import { confirmCheckoutRoutes } from './confirm-checkout/routes.ts';
import { ticketsRoutes } from './tickets/routes.ts';
import { ticketShareRoutes } from './tickets/share-routes.ts';
import { mailMagazinesRoutes } from './mail-magazines/routes.ts';
import { reservationCalendarRoutes } from './reservation-calendar/routes.ts';
import { receiptsRoutes } from './receipts/routes.ts';
import { checkInRoutes } from './check-in/routes.ts';
import { spotRoutes } from './spot/routes.ts';
import { paymentCallbackRoutes } from './payment-callbacks/routes.ts';
import { changeDateRoutes } from './change-date/routes.ts';
import { walletPassRoutes } from './wallet-pass/routes.ts';
import { membershipRoutes } from './membership/routes.ts';
import { signageRoutes } from './signage/routes.ts';
import { kioskRoutes } from './kiosk/routes.ts';
import { movedVisitsRoutes } from './moved-visits/routes.ts';
import { waitingRoomRoutes } from './waiting-room/routes.ts';

/** Every API feature, mounted under `/{slug}/api/v1`. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(sitesRoutes);
  await app.register(catalogueRoutes);
  await app.register(bookingRoutes);
  await app.register(couponsRoutes);
  await app.register(orderMailsRoutes);
  await app.register(checkoutRoutes);
  await app.register(confirmCheckoutRoutes);
  await app.register(ticketsRoutes);
  await app.register(ticketShareRoutes);
  await app.register(mailMagazinesRoutes);
  await app.register(reservationCalendarRoutes);
  await app.register(receiptsRoutes);
  await app.register(checkInRoutes);
  await app.register(spotRoutes);
  await app.register(paymentCallbackRoutes);
  await app.register(changeDateRoutes);
  await app.register(walletPassRoutes);
  await app.register(membershipRoutes);
  await app.register(signageRoutes);
  await app.register(kioskRoutes);
  await app.register(movedVisitsRoutes);
  await app.register(waitingRoomRoutes);
}
