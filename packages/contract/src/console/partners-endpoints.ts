import { defineEndpoint } from '../endpoint.ts';
import {
  partnerBodySchema,
  partnerDetailSchema,
  partnerListSchema,
  partnerParamsSchema,
  updatePartnerBodySchema,
} from './partners-schemas.ts';

/**
 * The console's partners (issue 30, ADR 088) endpoints by route name (`defineEndpoint`), merged into
 * `ENDPOINTS`. Area `integrations`: read for the list and a partner's page, write to create and update.
 * A partner's tokens are made and revoked with the API tokens' routes (`partner_id`).
 */
export const partnersEndpoints = {
  consoleListPartners: defineEndpoint('consoleListPartners', {
    responses: { 200: partnerListSchema },
  }),
  consoleCreatePartner: defineEndpoint('consoleCreatePartner', {
    body: partnerBodySchema,
    responses: { 200: partnerDetailSchema },
  }),
  consolePartner: defineEndpoint('consolePartner', {
    params: partnerParamsSchema,
    responses: { 200: partnerDetailSchema },
  }),
  consoleUpdatePartner: defineEndpoint('consoleUpdatePartner', {
    params: partnerParamsSchema,
    body: updatePartnerBodySchema,
    responses: { 200: partnerDetailSchema },
  }),
} as const;
