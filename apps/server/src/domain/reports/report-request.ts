import type { LangCode } from '@kippu/contract';
import type { ReportFilters, ReportName } from '@kippu/contract/console/reports-schemas';
import type { Db } from '../../db/client.ts';
import { tokyoToday } from '../../db/tokyo-today.ts';
import { AppError } from '../../shared/app-error.ts';
import type { ReportScope } from './report-scope.ts';

/** The longest range one report covers: a year and a day (a leap year's). */
const MAX_DAYS = 366;

/**
 * A report's scope from the route's filters (ADR 084): days default to today in Tokyo (by the database's
 * clock), `from` after `to` or a range above 366 days is bad input (400), the view and group their first.
 */
export async function reportScopeOf(
  db: Db,
  input: {
    report: ReportName;
    siteCodes: readonly string[];
    organisationWide: boolean;
    site: string | null;
    lang: LangCode;
    filters: ReportFilters;
  },
): Promise<ReportScope> {
  const { filters } = input;
  const today = filters.from === undefined || filters.to === undefined ? await tokyoToday(db) : '';
  const from = filters.from ?? filters.to ?? today;
  const to = filters.to ?? filters.from ?? today;
  const days = (dayNumber(to) - dayNumber(from)) / 86_400_000;
  if (!Number.isFinite(days) || days < 0 || days >= MAX_DAYS) {
    throw new AppError('invalid_request', 'report range: from after to, or longer than 366 days');
  }
  return {
    report: input.report,
    siteCodes: input.siteCodes,
    organisationWide: input.organisationWide,
    site: input.site,
    from,
    to,
    lang: input.lang,
    view: filters.view ?? 'summary',
    group: filters.group ?? 'day',
    method: filters.method ?? null,
    channel: filters.channel ?? null,
    productId: filters.product_id ?? null,
  };
}

/** A calendar day's instant (UTC midnight), NaN for a day that does not exist (2030-02-30, 2030-13-01). */
function dayNumber(day: string): number {
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === day ? at : Number.NaN;
}
