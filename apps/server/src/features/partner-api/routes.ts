import type { FastifyInstance, FastifyRequest } from 'fastify';
import { partnerEndpoints as endpoints } from '@kippu/contract/partner/partner-endpoints';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@kippu/contract/partner/partner-schemas';
import { cancelPartnerBooking } from '../../domain/partner-bookings/cancel-partner-booking.ts';
import { createPartnerBooking } from '../../domain/partner-bookings/create-partner-booking.ts';
import type { PartnerCaller } from '../../domain/partner-bookings/partner-caller.ts';
import { partnerBooking, partnerBookingTickets } from '../../domain/partner-bookings/partner-booking-read.ts';
import { partnerAvailability, partnerProducts } from '../../domain/partner-bookings/partner-catalogue.ts';
import type { AnyEndpoint } from '@kippu/contract';
import { apiTokenOf, registerApiTokenEndpoint, type ApiTokenAccess } from '../../plugins/api-token-auth.ts';
import type { EndpointHandler } from '../../plugins/register-endpoint.ts';
import { registerPartnerDocsPage } from './partner-docs-page.ts';
import { AppError } from '../../shared/app-error.ts';

/** In /openapi.json: the bearer scheme app.ts declares, on every partner route. */
const DOCUMENTED = { schema: { tags: ['partner'], security: [{ apiToken: [] }] } } as unknown as Record<
  string,
  never
>;

/**
 * The scope a partner's token gets from the console (PARTNER_TOKEN_PERMISSIONS in the contract): products,
 * prices and availability are catalogue read; bookings, their cancellation and tickets are orders read/write.
 */
const CATALOGUE_READ = { area: 'catalogue', level: 'read', partner: true } as const;
const ORDERS_READ = { area: 'orders', level: 'read', partner: true } as const;
const ORDERS_WRITE = { area: 'orders', level: 'write', partner: true } as const;

/** The partner whose token called (the helper let only a partner's token through). */
function callerOf(request: FastifyRequest): PartnerCaller {
  const token = apiTokenOf(request);
  if (token.partnerId === null) throw new AppError('record_not_found');
  return {
    tokenId: token.tokenId,
    organisationId: token.organisationId,
    partnerId: token.partnerId,
    siteCodes: token.siteCodes,
    name: `${token.name} (kpt_${token.prefix})`,
  };
}

/** The `Idempotency-Key` header, required on a booking (400 `invalid request` without a valid one). */
function idempotencyKeyOf(request: FastifyRequest): string {
  const parsed = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
  if (!parsed.success) throw new AppError('invalid_request', 'the Idempotency-Key header is required');
  return parsed.data;
}

/**
 * The partner API (issue 30, ADR 090) at `/partner/api/v1`: a partner's API token (catalogue read, orders
 * read/write) through
 * the token helper (401, 429, scope 404, each call audited); each route calls one domain function.
 */
export async function partnerApiRoutes(app: FastifyInstance): Promise<void> {
  const bookingDeps = { orders: app.orderDeps, checkout: app.checkoutDeps, env: app.env };
  const refundDeps = { payments: app.payments, env: app.env };
  const register = <E extends AnyEndpoint>(
    endpoint: E,
    access: ApiTokenAccess,
    handler: EndpointHandler<E>,
  ) => registerApiTokenEndpoint(app, endpoint, access, handler, DOCUMENTED);

  registerPartnerDocsPage(app);
  register(endpoints.partnerListProducts, CATALOGUE_READ, async (request) =>
    partnerProducts(app.db, callerOf(request)),
  );
  register(endpoints.partnerAvailability, CATALOGUE_READ, async (request) =>
    partnerAvailability(app.db, callerOf(request), request.query),
  );
  register(endpoints.partnerCreateBooking, ORDERS_WRITE, async (request) => ({
    booking: await createPartnerBooking(
      bookingDeps,
      callerOf(request),
      idempotencyKeyOf(request),
      request.body,
    ),
  }));
  register(endpoints.partnerGetBooking, ORDERS_READ, async (request) => ({
    booking: await partnerBooking(app.db, callerOf(request), request.params.number),
  }));
  register(endpoints.partnerCancelBooking, ORDERS_WRITE, async (request) => ({
    booking: await cancelPartnerBooking(app.db, refundDeps, callerOf(request), request.params.number),
  }));
  register(endpoints.partnerBookingTickets, ORDERS_READ, async (request) =>
    partnerBookingTickets(app.db, app.env, callerOf(request), request.params.number),
  );
}
