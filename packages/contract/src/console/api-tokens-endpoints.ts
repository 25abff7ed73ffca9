/** The console's API tokens (issue 30: per organisation, scoped like roles, shown once, stored hashed, revocable) endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const apiTokensEndpoints = {} as const;
