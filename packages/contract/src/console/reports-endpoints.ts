/** The console's reports (issue 30: settlement, sales, attendance, date changes, the invoice register; CSV and XLSX exports; scheduled reports) endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS`. */
export const reportsEndpoints = {} as const;
