import { defineEndpoint } from '../endpoint.ts';
import {
  partnerAvailabilityQuerySchema,
  partnerAvailabilitySchema,
  partnerBookingAnswerSchema,
  partnerBookingBodySchema,
  partnerBookingParamsSchema,
  partnerProductListSchema,
  partnerTicketsSchema,
} from './partner-schemas.ts';

/**
 * The partner API's endpoints (issue 30, ADR 090): each needs a partner's API token (`Authorization: Bearer`,
 * the console's partner scope: `catalogue` read for products and availability, `orders` read for a booking and
 * its tickets, `orders` write for booking and cancelling). A booking of another partner
 * answers 404, as one that does not exist.
 */
export const partnerEndpoints = {
  partnerListProducts: defineEndpoint('partnerListProducts', {
    responses: { 200: partnerProductListSchema },
  }),
  partnerAvailability: defineEndpoint('partnerAvailability', {
    query: partnerAvailabilityQuerySchema,
    responses: { 200: partnerAvailabilitySchema },
  }),
  partnerCreateBooking: defineEndpoint('partnerCreateBooking', {
    body: partnerBookingBodySchema,
    responses: { 200: partnerBookingAnswerSchema },
  }),
  partnerGetBooking: defineEndpoint('partnerGetBooking', {
    params: partnerBookingParamsSchema,
    responses: { 200: partnerBookingAnswerSchema },
  }),
  partnerCancelBooking: defineEndpoint('partnerCancelBooking', {
    params: partnerBookingParamsSchema,
    responses: { 200: partnerBookingAnswerSchema },
  }),
  partnerBookingTickets: defineEndpoint('partnerBookingTickets', {
    params: partnerBookingParamsSchema,
    responses: { 200: partnerTicketsSchema },
  }),
} as const;
