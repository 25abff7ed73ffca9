/** The console's schedule endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS` (issue 28). */
export const scheduleEndpoints = {} as const;
