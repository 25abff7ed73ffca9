/** The console's coupons endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS` (issue 28). */
export const couponsEndpoints = {} as const;
