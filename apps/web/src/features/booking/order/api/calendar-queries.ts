import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../../shared/api/api-client.ts';
import { channelParam } from '../../../../shared/kiosk/kiosk-store.ts';

/** A calendar month as the from/to of the calendar calls (first and last day, yyyy-MM-dd). */
export type MonthRange = { from: string; to: string };

/** GET /products/stocks-statuses: every date of the month with its best stock status (one product, or all). */
export const stockStatusesQuery = (range: MonthRange, productUuid: string | null, channel = channelParam()) =>
  queryOptions({
    queryKey: ['products', 'stocks-statuses', range.from, range.to, productUuid, channel],
    queryFn: async ({ signal }) => {
      const query = { from: range.from, to: range.to, product_uuid: productUuid ?? undefined, ...channel };
      const { data } = await api.call(ROUTES.stockStatuses, { query, signal });
      return data;
    },
    staleTime: 30_000,
  });

/** GET /calendar/colors: the colour of each coloured date; asked only where the site colours its calendar. */
export const calendarColorsQuery = (range: MonthRange) =>
  queryOptions({
    queryKey: ['calendar', 'colors', range.from, range.to],
    queryFn: async ({ signal }) => {
      const { data } = await api.call(ROUTES.calendarColors, { query: range, signal });
      return data;
    },
    staleTime: 5 * 60_000,
  });
