import { calendarColorsEndpoint } from './catalogue-calendar-colors.ts';
import { orderableStocksEndpoint } from './catalogue-orderable-stocks.ts';
import { productSearchByDateEndpoint } from './catalogue-search-by-date.ts';
import { productSearchEndpoint } from './catalogue-search.ts';
import { setProductSearchEndpoint } from './catalogue-set-products.ts';
import { stockStatusesEndpoint } from './catalogue-stock-statuses.ts';
import { stocksEndpoint } from './catalogue-stocks.ts';
import {
  gateCheckInEndpoint,
  gateSessionEndpoint,
  gateSyncEndpoint,
  gateTicketListEndpoint,
  tapCheckInEndpoint,
  tapTicketStatusEndpoint,
} from './check-in.ts';
import { checkoutEndpoint } from './checkout.ts';
import { configurationsEndpoint } from './configurations.ts';
import { confirmCheckoutEndpoint } from './confirm-checkout.ts';
import { dpayAuthEndpoint, dpayScptokEndpoint } from './dpay.ts';
import { fieldTemplatesEndpoint } from './field-templates.ts';
import {
  alipayReturnGetEndpoint,
  alipayReturnPostEndpoint,
  dpayLoginReturnEndpoint,
  dpayNotifyEndpoint,
  dpayResultReturnEndpoint,
  gmo3dsReturnGetEndpoint,
  gmo3dsReturnPostEndpoint,
  gmoNotifyEndpoint,
  gmoPaypayReturnGetEndpoint,
  gmoPaypayReturnPostEndpoint,
  sbpsAutoSubmitScriptEndpoint,
  sbpsNotificationEndpoint,
  sbpsPurchaseEndpoint,
  sbpsReturnGetEndpoint,
  sbpsReturnPostEndpoint,
  stripeReturnEndpoint,
  stripeSiteWebhookEndpoint,
  stripeWebhookEndpoint,
} from './gateway-returns.ts';
import { gtmEndpoint } from './gtm.ts';
import { kioskPairEndpoint, kioskSessionEndpoint } from './kiosk.ts';
import { visitorEndpoint } from './visitor.ts';
import { langsEndpoint } from './langs.ts';
import { mailMagazineEndpoint, unsubscribeMailMagazineEndpoint } from './mail-magazines.ts';
import { membershipInfoEndpoint, membershipLoginEndpoint } from './membership.ts';
import { applyOrderCouponEndpoint, removeOrderCouponEndpoint } from './order-coupons.ts';
import { confirmOrderMailEndpoint, sendOrderMailEndpoint } from './order-mails.ts';
import {
  cancelOrderEndpoint,
  createOrderEndpoint,
  temporaryOrderEndpoint,
  updateOrderEndpoint,
} from './orders.ts';
import { paymentMethodsEndpoint } from './payment-methods.ts';
import { exePaymentEndpoint, paymentResultEndpoint } from './payment-returns.ts';
import { productsEndpoint } from './products.ts';
import { issueReceiptEndpoint, receiptEndpoint, receiptPdfEndpoint } from './receipt.ts';
import { reservationCalendarEndpoint } from './reservation-calendar.ts';
import { returnNoteEndpoint, returnNotePdfEndpoint } from './return-notes.ts';
import { reservationLookupEndpoint } from './reservations.ts';
import { signageTodayEndpoint } from './signage.ts';
import {
  applySpotOrderCouponEndpoint,
  createSpotOrderEndpoint,
  spotProductsEndpoint,
  spotSetProductSearchEndpoint,
  spotStocksEndpoint,
  updateSpotOrderEndpoint,
} from './spot.ts';
import { textsEndpoint } from './texts.ts';
import {
  sendTicketEndpoint,
  shareTicketsEndpoint,
  sharedTicketEndpoint,
  ticketShareOptionsEndpoint,
  viewTicketEndpoint,
} from './ticket-share.ts';
import { ticketEndpoint } from './ticket.ts';
import {
  cancelTimeChangeEndpoint,
  createTimeChangeEndpoint,
  timeChangeCheckoutEndpoint,
  timeChangeEndpoint,
  timeChangeOptionsEndpoint,
} from './time-change.ts';
import {
  movedVisitChooseSlotEndpoint,
  movedVisitEndpoint,
  movedVisitRefundEndpoint,
} from './moved-visits.ts';
import { siteImageEndpoint } from './site-images.ts';
import { demoImageEndpoint } from './demo-images.ts';
import { walletPassEndpoint } from './wallet-pass.ts';
import {
  joinWaitingRoomEndpoint,
  waitingRoomEntryEndpoint,
  waitingRoomStatusEndpoint,
} from './waiting-room.ts';
import { CONSOLE_ENDPOINTS } from '../console/console-endpoints.ts';
import { partnerEndpoints } from '../partner/partner-endpoints.ts';
import type { RouteName } from '../all-routes.ts';
import type { AnyEndpoint } from '../endpoint.ts';

/**
 * Every endpoint of the API by its route's name (ADR 050): the server registers each one (a test compares
 * its route table with this list, both ways) and the web's client parses answers with them in development.
 */
export const ENDPOINTS = {
  ...CONSOLE_ENDPOINTS,
  ...partnerEndpoints,
  calendarColors: calendarColorsEndpoint,
  orderableStocks: orderableStocksEndpoint,
  productSearchByDate: productSearchByDateEndpoint,
  productSearch: productSearchEndpoint,
  setProductSearch: setProductSearchEndpoint,
  stockStatuses: stockStatusesEndpoint,
  stocks: stocksEndpoint,
  gateSession: gateSessionEndpoint,
  kioskPair: kioskPairEndpoint,
  kioskSession: kioskSessionEndpoint,
  visitor: visitorEndpoint,
  gateTicketList: gateTicketListEndpoint,
  gateCheckIn: gateCheckInEndpoint,
  gateSync: gateSyncEndpoint,
  tapTicketStatus: tapTicketStatusEndpoint,
  tapCheckIn: tapCheckInEndpoint,
  checkout: checkoutEndpoint,
  configurations: configurationsEndpoint,
  confirmCheckout: confirmCheckoutEndpoint,
  dpayAuth: dpayAuthEndpoint,
  dpayScptok: dpayScptokEndpoint,
  fieldTemplates: fieldTemplatesEndpoint,
  gmo3dsReturnGet: gmo3dsReturnGetEndpoint,
  gmo3dsReturnPost: gmo3dsReturnPostEndpoint,
  gmoPaypayReturnGet: gmoPaypayReturnGetEndpoint,
  gmoPaypayReturnPost: gmoPaypayReturnPostEndpoint,
  alipayReturnGet: alipayReturnGetEndpoint,
  alipayReturnPost: alipayReturnPostEndpoint,
  gmoNotify: gmoNotifyEndpoint,
  stripeReturn: stripeReturnEndpoint,
  stripeWebhook: stripeWebhookEndpoint,
  stripeSiteWebhook: stripeSiteWebhookEndpoint,
  dpayLoginReturn: dpayLoginReturnEndpoint,
  dpayResultReturn: dpayResultReturnEndpoint,
  dpayNotify: dpayNotifyEndpoint,
  sbpsAutoSubmitScript: sbpsAutoSubmitScriptEndpoint,
  sbpsPurchase: sbpsPurchaseEndpoint,
  sbpsNotification: sbpsNotificationEndpoint,
  sbpsReturnPost: sbpsReturnPostEndpoint,
  sbpsReturnGet: sbpsReturnGetEndpoint,
  gtm: gtmEndpoint,
  langs: langsEndpoint,
  mailMagazine: mailMagazineEndpoint,
  unsubscribeMailMagazine: unsubscribeMailMagazineEndpoint,
  membershipLogin: membershipLoginEndpoint,
  membershipInfo: membershipInfoEndpoint,
  applyOrderCoupon: applyOrderCouponEndpoint,
  removeOrderCoupon: removeOrderCouponEndpoint,
  sendOrderMail: sendOrderMailEndpoint,
  confirmOrderMail: confirmOrderMailEndpoint,
  createOrder: createOrderEndpoint,
  temporaryOrder: temporaryOrderEndpoint,
  updateOrder: updateOrderEndpoint,
  cancelOrder: cancelOrderEndpoint,
  paymentMethods: paymentMethodsEndpoint,
  exePayment: exePaymentEndpoint,
  paymentResult: paymentResultEndpoint,
  products: productsEndpoint,
  receipt: receiptEndpoint,
  issueReceipt: issueReceiptEndpoint,
  receiptPdf: receiptPdfEndpoint,
  returnNote: returnNoteEndpoint,
  returnNotePdf: returnNotePdfEndpoint,
  reservationCalendar: reservationCalendarEndpoint,
  reservationLookup: reservationLookupEndpoint,
  signageToday: signageTodayEndpoint,
  spotStocks: spotStocksEndpoint,
  spotProducts: spotProductsEndpoint,
  spotSetProductSearch: spotSetProductSearchEndpoint,
  createSpotOrder: createSpotOrderEndpoint,
  updateSpotOrder: updateSpotOrderEndpoint,
  applySpotOrderCoupon: applySpotOrderCouponEndpoint,
  texts: textsEndpoint,
  ticketShareOptions: ticketShareOptionsEndpoint,
  shareTickets: shareTicketsEndpoint,
  sharedTicket: sharedTicketEndpoint,
  sendTicket: sendTicketEndpoint,
  viewTicket: viewTicketEndpoint,
  ticket: ticketEndpoint,
  timeChangeOptions: timeChangeOptionsEndpoint,
  createTimeChange: createTimeChangeEndpoint,
  timeChange: timeChangeEndpoint,
  cancelTimeChange: cancelTimeChangeEndpoint,
  timeChangeCheckout: timeChangeCheckoutEndpoint,
  walletPass: walletPassEndpoint,
  movedVisit: movedVisitEndpoint,
  movedVisitChooseSlot: movedVisitChooseSlotEndpoint,
  movedVisitRefund: movedVisitRefundEndpoint,
  siteImage: siteImageEndpoint,
  demoImage: demoImageEndpoint,
  joinWaitingRoom: joinWaitingRoomEndpoint,
  waitingRoomEntry: waitingRoomEntryEndpoint,
  waitingRoomStatus: waitingRoomStatusEndpoint,
} as const satisfies { readonly [N in RouteName]: AnyEndpoint & { readonly name: N } };

export type Endpoints = typeof ENDPOINTS;

/** The list, for whoever walks every call (the route-table test, documentation). */
export const ENDPOINT_LIST: readonly AnyEndpoint[] = Object.values(ENDPOINTS);
