/** The console's partners (issue 30: travel agencies selling on channel OTA: net prices, on-account payment, allotments) endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const partnersEndpoints = {} as const;
