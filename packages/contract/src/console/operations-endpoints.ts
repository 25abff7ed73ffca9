/** The console's operations endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const operationsEndpoints = {} as const;
