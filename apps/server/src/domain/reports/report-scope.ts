import { sql, type SQL } from 'drizzle-orm';
import type { LangCode } from '@kippu/contract';
import type {
  ReportAnswer,
  ReportColumn,
  ReportName,
  SalesGroup,
  SettlementView,
} from '@kippu/contract/console/reports-schemas';
import type { Tx } from '../../db/client.ts';

/**
 * What one report is asked for (ADR 084), after the route's checks: the sites (already checked as the
 * member's, covered and readable), the Tokyo days from and to (inclusive), the language of names, and the
 * report's own filters. `organisationWide` adds the site column.
 */
export interface ReportScope {
  report: ReportName;
  siteCodes: readonly string[];
  organisationWide: boolean;
  /** The one site an organisation-wide report was narrowed to (echoed in the answer's filters). */
  site: string | null;
  from: string;
  to: string;
  lang: LangCode;
  view: SettlementView;
  group: SalesGroup;
  method: string | null;
  channel: string | null;
  productId: number | null;
}

/**
 * One report's statement, written once for the screen (a page, with totals over all rows) and the export (a
 * cursor over the same statement): the whole SELECT with its ORDER BY, whose column names are the keys.
 */
export interface ReportQuery {
  columns: ReportColumn[];
  statement: SQL;
  chart: ReportAnswer['chart'];
  /** Whether the yen and count columns add up to a meaningful total (percent and text never do). */
  totals: boolean;
}

export type ReportBuilder = (tx: Tx, scope: ReportScope) => Promise<ReportQuery> | ReportQuery;

/** The Tokyo day `from`'s first instant and the instant after day `to` (timestamptz), for a range condition. */
export function dayBounds(scope: Pick<ReportScope, 'from' | 'to'>): { start: SQL; end: SQL } {
  return {
    start: sql`(${scope.from}::date::timestamp AT TIME ZONE 'Asia/Tokyo')`,
    end: sql`((${scope.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo')`,
  };
}

/** `column` is one of the scope's sites. */
export const inSites = (column: SQL, scope: ReportScope) =>
  sql`${column} = ANY(${sql.param([...scope.siteCodes])}::text[])`;

/** A timestamptz as its Tokyo calendar day (YYYY-MM-DD). */
export const tokyoDay = (column: SQL) =>
  sql`to_char((${column} AT TIME ZONE 'Asia/Tokyo')::date, 'YYYY-MM-DD')`;

/** A timestamptz as ISO 8601 in Tokyo time, with its offset. */
export const tokyoDateTime = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD"T"HH24:MI:SS"+09:00"')`;

/** A slot's start as the staff read it: Tokyo day and time. */
export const slotLabel = (startsAt: SQL) =>
  sql`to_char(${startsAt} AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD HH24:MI')`;

/** A six-language name (jsonb) in the scope's language, Japanese where it has none. */
export const nameIn = (names: SQL, scope: ReportScope) =>
  sql`COALESCE(NULLIF(${names} ->> ${scope.lang}::text, ''), ${names} ->> 'ja')`;

/** The site column of an organisation-wide report (first after the day), none for one site's. */
export function siteColumn(scope: ReportScope, expression: SQL) {
  return scope.organisationWide
    ? { column: [{ key: 'site', kind: 'text' } as ReportColumn], select: sql`${expression} AS site, ` }
    : { column: [] as ReportColumn[], select: sql`` };
}

/**
 * The gateway a method settles through (the payment family's name, ADR 059): what the gateway's own settlement
 * groups by. Kept here as SQL because `domain/` stands below `payments/` and a report reads only rows.
 */
export const gatewayOf = (method: SQL) => sql`CASE
  WHEN ${method} IN ('gmo', 'gmo_3ds', 'gmo_paypay', 'alipay') THEN 'gmo'
  WHEN ${method} LIKE 'stripe%' THEN 'stripe'
  WHEN ${method} LIKE 'softbank%' THEN 'softbank'
  WHEN ${method} = 'd_pay' THEN 'docomo'
  WHEN ${method} IN ('cash', 'card_terminal') THEN 'counter'
  ELSE ${method} END`;

/** Refunded money: a part the gateway gave back, or a manual one staff recorded as given back. */
export const moneyGivenBack = sql`(rp.status = 'succeeded' OR (rp.status = 'manual' AND f.manual_recorded_at IS NOT NULL))`;
