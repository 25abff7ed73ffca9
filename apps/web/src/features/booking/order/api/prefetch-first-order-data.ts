import type { QueryClient } from '@tanstack/react-query';
import { monthOf, monthRange } from '@kippu/contract/format/calendar';
import { toTokyoDateString } from '@kippu/contract/format/tokyo-date';
import type { SiteSettings } from '@kippu/contract/site-settings';
import { calendarColorsQuery, stockStatusesQuery } from './calendar-queries.ts';

/**
 * Asks for what a fresh order form calls as it first renders (order-form.tsx) besides the product lineup (the
 * layout's, which the app asks for on every screen): this month's calendar where the site starts with the
 * date (its stock statuses) or colours its calendar. The app does so as it starts
 * (app/prefetch-route-data.ts), so the form renders once, with the answers.
 */
export function prefetchFirstOrderData(
  queryClient: QueryClient,
  settings: SiteSettings | undefined,
  now = new Date(),
): Promise<void>[] {
  const range = monthRange(monthOf(toTokyoDateString(now)));
  const dateFirst = settings?.layout.orderProcedure === 'selectDateBeforeProduct';
  return [
    dateFirst ? queryClient.prefetchQuery(stockStatusesQuery(range, null)) : Promise.resolve(),
    settings?.calendar.colorized ? queryClient.prefetchQuery(calendarColorsQuery(range)) : Promise.resolve(),
  ];
}
