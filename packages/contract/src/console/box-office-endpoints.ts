/** The console's box office and kiosk devices (issue 29: selling at the counter) endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const boxOfficeEndpoints = {} as const;
