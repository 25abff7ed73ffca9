/** The console's identity endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const identityEndpoints = {} as const;
