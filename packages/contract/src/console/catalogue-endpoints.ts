/** The console's catalogue endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS` (issue 28). */
export const catalogueEndpoints = {} as const;
