/** The console's refunds (issue 29: refunds by ticket, approvals, manual refunds) endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const refundsEndpoints = {} as const;
