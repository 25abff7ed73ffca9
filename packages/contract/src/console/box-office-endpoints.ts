import { defineEndpoint } from '../endpoint.ts';
import { consoleSiteIdParamsSchema, consoleSiteParamsSchema } from './operations-devices.ts';
import {
  boxOfficeProductsQuerySchema,
  boxOfficeProductsSchema,
  boxOfficeSaleBodySchema,
  boxOfficeSaleSchema,
  createKioskDeviceBodySchema,
  kioskDeviceListSchema,
  kioskPairingSchema,
  kioskRevokedSchema,
} from './box-office-schemas.ts';

/** The console's box office and kiosk devices (issue 29: selling at the counter) endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const boxOfficeEndpoints = {
  consoleBoxOfficeProducts: defineEndpoint('consoleBoxOfficeProducts', {
    params: consoleSiteParamsSchema,
    query: boxOfficeProductsQuerySchema,
    responses: { 200: boxOfficeProductsSchema },
  }),
  consoleBoxOfficeSale: defineEndpoint('consoleBoxOfficeSale', {
    params: consoleSiteParamsSchema,
    body: boxOfficeSaleBodySchema,
    responses: { 200: boxOfficeSaleSchema },
  }),
  consoleListKioskDevices: defineEndpoint('consoleListKioskDevices', {
    params: consoleSiteParamsSchema,
    responses: { 200: kioskDeviceListSchema },
  }),
  consoleCreateKioskDevice: defineEndpoint('consoleCreateKioskDevice', {
    params: consoleSiteParamsSchema,
    body: createKioskDeviceBodySchema,
    responses: { 200: kioskPairingSchema },
  }),
  consolePairKioskDevice: defineEndpoint('consolePairKioskDevice', {
    params: consoleSiteIdParamsSchema,
    responses: { 200: kioskPairingSchema },
  }),
  consoleRevokeKioskDevice: defineEndpoint('consoleRevokeKioskDevice', {
    params: consoleSiteIdParamsSchema,
    responses: { 200: kioskRevokedSchema },
  }),
} as const;
