import { auditEndpoints } from './audit-endpoints.ts';
import { identityEndpoints } from './identity-endpoints.ts';
import { operationsEndpoints } from './operations-endpoints.ts';

/** Every endpoint of the console's API by route name; `endpoints/all.ts` merges them into `ENDPOINTS`. */
export const CONSOLE_ENDPOINTS = { ...identityEndpoints, ...auditEndpoints, ...operationsEndpoints } as const;
