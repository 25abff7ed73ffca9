/** The console's audit endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const auditEndpoints = {} as const;
