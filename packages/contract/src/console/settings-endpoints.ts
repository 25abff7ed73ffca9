/** The console's settings endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS` (issue 28). */
export const settingsEndpoints = {} as const;
