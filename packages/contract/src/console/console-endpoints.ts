import { auditEndpoints } from './audit-endpoints.ts';
import { allotmentsEndpoints } from './allotments-endpoints.ts';
import { reportsEndpoints } from './reports-endpoints.ts';
import { webhooksEndpoints } from './webhooks-endpoints.ts';
import { apiTokensEndpoints } from './api-tokens-endpoints.ts';
import { partnersEndpoints } from './partners-endpoints.ts';
import { boxOfficeEndpoints } from './box-office-endpoints.ts';
import { catalogueEndpoints } from './catalogue-endpoints.ts';
import { couponsEndpoints } from './coupons-endpoints.ts';
import { identityEndpoints } from './identity-endpoints.ts';
import { movesEndpoints } from './moves-endpoints.ts';
import { operationsEndpoints } from './operations-endpoints.ts';
import { ordersEndpoints } from './orders-endpoints.ts';
import { refundsEndpoints } from './refunds-endpoints.ts';
import { scheduleEndpoints } from './schedule-endpoints.ts';
import { settingsEndpoints } from './settings-endpoints.ts';

/** Every endpoint of the console's API by route name; `endpoints/all.ts` merges them into `ENDPOINTS`. */
export const CONSOLE_ENDPOINTS = {
  ...identityEndpoints,
  ...auditEndpoints,
  ...operationsEndpoints,
  ...catalogueEndpoints,
  ...scheduleEndpoints,
  ...couponsEndpoints,
  ...settingsEndpoints,
  ...ordersEndpoints,
  ...refundsEndpoints,
  ...movesEndpoints,
  ...boxOfficeEndpoints,
  ...reportsEndpoints,
  ...webhooksEndpoints,
  ...apiTokensEndpoints,
  ...partnersEndpoints,
  ...allotmentsEndpoints,
} as const;
