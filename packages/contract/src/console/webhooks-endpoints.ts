/** The console's webhooks (issue 30: subscriptions, signed deliveries, the delivery log, redelivery, secret rotation) endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const webhooksEndpoints = {} as const;
