/** The console's allotments (issue 30: capacity of a slot reserved for a partner, returned to general sale at the cut-off) endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const allotmentsEndpoints = {} as const;
