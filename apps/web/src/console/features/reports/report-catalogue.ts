import { COUNTER_METHODS } from '@kippu/contract/console/orders-schemas';
import {
  REPORT_NAMES,
  SALES_GROUPS,
  SETTLEMENT_VIEWS,
  type ReportFilters,
  type ReportName,
} from '@kippu/contract/console/reports-schemas';
import { PAYMENT_METHODS, SALES_CHANNELS } from '@kippu/contract/enums';
import type { ConsoleSession } from '../../shared/session/session-api.ts';

export { REPORT_NAMES, SALES_GROUPS, SETTLEMENT_VIEWS };

/** The filters a report's form offers besides its days (the contract's reportFiltersSchema says what each reads). */
export const REPORT_CHOICES: Readonly<
  Record<ReportName, readonly ('view' | 'group' | 'method' | 'channel')[]>
> = {
  settlement: ['view', 'method'],
  sales: ['group', 'channel'],
  attendance: [],
  'date-changes': [],
  'invoice-register': [],
};

/** The web's methods, the counter's and a partner's account, once each (the settlement's method filter). */
export const REPORT_METHODS: readonly string[] = [
  ...new Set<string>([...PAYMENT_METHODS, ...COUNTER_METHODS, 'on_account']),
];
export const REPORT_CHANNELS: readonly string[] = SALES_CHANNELS;

/** The filters kept in the address (`#/sites/MORI/reports/sales?from=…&group=product&scope=organisation`). */
export const FILTER_NAMES = ['from', 'to', 'view', 'group', 'method', 'channel'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];
export type FilterValues = Record<FilterName, string>;

/** One site's figures, or every site the member covers. */
export type ReportScope = 'site' | 'organisation';

export function isReportName(value: string | undefined): value is ReportName {
  return (REPORT_NAMES as readonly string[]).includes(value ?? '');
}

/** Today in Tokyo, where the venues are (`2026-11-28`), whatever the browser's zone. */
export function tokyoToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(now);
}

/**
 * The days a report opens on: the day being closed for the settlement and for who came, the month so far
 * for the reports read over a period (sales, date changes, the invoice register).
 */
export function defaultRange(report: ReportName, today: string): { from: string; to: string } {
  if (report === 'settlement' || report === 'attendance') return { from: today, to: today };
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The form's values from the address, the report's defaults where it says nothing. */
export function filtersOf(report: ReportName, query: URLSearchParams, today: string): FilterValues {
  const values = Object.fromEntries(
    FILTER_NAMES.map((name) => [name, query.get(name) ?? '']),
  ) as FilterValues;
  const range = defaultRange(report, today);
  return { ...values, from: values.from || range.from, to: values.to || range.to };
}

/** What the API is asked: the days, and only the filters this report reads that have a value. */
export function apiFilters(report: ReportName, values: FilterValues): ReportFilters {
  const filters: ReportFilters = { from: values.from, to: values.to };
  for (const name of REPORT_CHOICES[report]) {
    if (values[name] !== '') Object.assign(filters, { [name]: values[name] });
  }
  return filters;
}

/** The address of a report with these filters (a shared link opens the same figures). */
export function reportQueryString(report: ReportName, values: FilterValues, scope: ReportScope): string {
  const query = new URLSearchParams(Object.entries(apiFilters(report, values)) as [string, string][]);
  if (scope === 'organisation') query.set('scope', 'organisation');
  return query.toString();
}

/** Whether the member covers more than one site, so the whole organisation's figures differ from a site's. */
export function coversSeveralSites(session: ConsoleSession): boolean {
  return (session.sites?.length ?? 0) > 1;
}

/** The scope the address asks for, where the member may have it. */
export function scopeOf(query: URLSearchParams, session: ConsoleSession): ReportScope {
  return query.get('scope') === 'organisation' && coversSeveralSites(session) ? 'organisation' : 'site';
}

export const reportKeys = {
  all: ['console', 'reports'] as const,
  one: (scope: ReportScope, site: string, report: ReportName, filters: ReportFilters) =>
    ['console', 'reports', scope, scope === 'site' ? site : null, report, filters] as const,
  schedules: ['console', 'reports', 'schedules'] as const,
};
