/** The console's moves (issue 29: moving every visitor of a closed slot or day) endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const movesEndpoints = {} as const;
