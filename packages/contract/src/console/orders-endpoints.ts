import { defineEndpoint } from '../endpoint.ts';
import { consoleSiteParamsSchema } from './operations-devices.ts';
import {
  changeOrderDateBodySchema,
  changeOrderDateResponseSchema,
  consoleOrderParamsSchema,
  consoleOrderResponseSchema,
  erasePersonalDataResponseSchema,
  orderDateOptionsQuerySchema,
  orderDateOptionsResponseSchema,
  orderSearchQuerySchema,
  orderSearchResponseSchema,
  resendPurchaseMailResponseSchema,
  updateOrderVisitorBodySchema,
  updateOrderVisitorResponseSchema,
} from './orders-schemas.ts';

/**
 * The console's orders (issue 29, ADR 078) endpoints by route name (`defineEndpoint`), merged into
 * `ENDPOINTS`. Area `orders`: read for the search, the order's page and the date options; write for the
 * resend, the visitor's details, the erasure of their personal data and the change of date (each audited).
 */
export const ordersEndpoints = {
  consoleSearchOrders: defineEndpoint('consoleSearchOrders', {
    params: consoleSiteParamsSchema,
    query: orderSearchQuerySchema,
    responses: { 200: orderSearchResponseSchema },
  }),
  consoleGetOrder: defineEndpoint('consoleGetOrder', {
    params: consoleOrderParamsSchema,
    responses: { 200: consoleOrderResponseSchema },
  }),
  consoleResendPurchaseMail: defineEndpoint('consoleResendPurchaseMail', {
    params: consoleOrderParamsSchema,
    responses: { 200: resendPurchaseMailResponseSchema },
  }),
  consoleUpdateOrderVisitor: defineEndpoint('consoleUpdateOrderVisitor', {
    params: consoleOrderParamsSchema,
    body: updateOrderVisitorBodySchema,
    responses: { 200: updateOrderVisitorResponseSchema },
  }),
  consoleErasePersonalData: defineEndpoint('consoleErasePersonalData', {
    params: consoleOrderParamsSchema,
    responses: { 200: erasePersonalDataResponseSchema },
  }),
  consoleOrderDateOptions: defineEndpoint('consoleOrderDateOptions', {
    params: consoleOrderParamsSchema,
    query: orderDateOptionsQuerySchema,
    responses: { 200: orderDateOptionsResponseSchema },
  }),
  consoleChangeOrderDate: defineEndpoint('consoleChangeOrderDate', {
    params: consoleOrderParamsSchema,
    body: changeOrderDateBodySchema,
    responses: { 200: changeOrderDateResponseSchema },
  }),
} as const;
