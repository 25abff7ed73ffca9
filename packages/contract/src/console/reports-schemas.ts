import { z } from 'zod';
import { LANG_CODES } from '../enums.ts';
import { langCodeSchema, siteCodeSchema } from '../enum-schemas.ts';

/**
 * The console's reports (issue 30, ADR 084, 085). Every report answers the same shape, so the web renders each
 * with one table and one chart: typed columns, rows keyed by column, totals, an optional chart over columns.
 * Money is integer yen; dates are Asia/Tokyo calendar days (YYYY-MM-DD); datetimes are ISO 8601 with offset.
 * Column header texts: `packages/contract/texts/reports/<lang>.json`, keys `report_column_<key>` and
 * `report_title_<report>` (also `report_view_<view>`, `report_group_<group>`), shared by the screens and the
 * CSV/XLSX headers.
 */

export const REPORT_NAMES = [
  'settlement',
  'sales',
  'attendance',
  'date-changes',
  'invoice-register',
] as const;
export const reportNameSchema = z.enum(REPORT_NAMES);
export type ReportName = z.infer<typeof reportNameSchema>;

/**
 * Settlement views: `summary` one row per day of payment (or refund) × method × gateway; `payments` one row per
 * payment or refund with the gateway's own ids (what the gateway's settlement file lists); `partners` what each
 * partner owes for its `on_account` bookings at net price.
 */
export const SETTLEMENT_VIEWS = ['summary', 'payments', 'partners'] as const;
export const settlementViewSchema = z.enum(SETTLEMENT_VIEWS);
export type SettlementView = z.infer<typeof settlementViewSchema>;

/** What the sales report groups by (`day`: the line chart of sales over time). */
export const SALES_GROUPS = ['day', 'product', 'ticket_type', 'slot', 'channel', 'coupon'] as const;
export const salesGroupSchema = z.enum(SALES_GROUPS);
export type SalesGroup = z.infer<typeof salesGroupSchema>;

export const REPORT_COLUMN_KINDS = ['text', 'yen', 'count', 'date', 'datetime', 'percent'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

/**
 * Every column key any report answers (its header text is `report_column_<key>`). A percent is a number
 * 0–100 with at most one decimal.
 */
export const REPORT_COLUMN_KEYS = [
  'day',
  'site',
  'method',
  'gateway',
  'sales',
  'sales_count',
  'refunds',
  'refunds_count',
  'net',
  'payment_numbers',
  'kind',
  'at',
  'payment_number',
  'gateway_reference',
  'reservation_number',
  'order_id',
  'amount',
  'partner',
  'bookings',
  'tickets',
  'owed',
  'product',
  'ticket_type',
  'slot',
  'channel',
  'coupon',
  'orders',
  'discount',
  'capacity',
  'expected',
  'entered',
  'no_shows',
  'fill',
  'changed_at',
  'from_slot',
  'to_slot',
  'old_price',
  'new_price',
  'top_up',
  'status',
  'receipt_number',
  'issued_at',
  'addressee',
  'tax_rate',
  'taxable',
  'tax',
  'reissues',
] as const;
export const reportColumnKeySchema = z.enum(REPORT_COLUMN_KEYS);
export type ReportColumnKey = z.infer<typeof reportColumnKeySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');

/**
 * The filters of every report (query string). `from` and `to` are inclusive Asia/Tokyo days; left out, today
 * (Tokyo) for both. At most 366 days. Filters a report does not read are ignored (and not echoed back).
 * - settlement: `view` (default summary), `method`;
 * - sales: `group` (default day), `channel`, `product_id`;
 * - attendance: `product_id` (days of visit, not of purchase);
 * - date-changes: by day the change was made;
 * - invoice-register: by day the receipt was first issued.
 * `limit` caps the on-screen rows (default 500, at most 5000); `truncated` says when more exist (exports never
 * truncate).
 */
export const reportFiltersSchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  view: settlementViewSchema.optional(),
  group: salesGroupSchema.optional(),
  method: z
    .string()
    .regex(/^[a-z][a-z0-9_]{1,39}$/)
    .optional(),
  channel: z
    .string()
    .regex(/^[A-Za-z]{2,10}$/)
    .optional(),
  product_id: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
});
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

/** The organisation-wide report: the same filters and `site` (one of the sites the member covers). */
export const organisationReportFiltersSchema = reportFiltersSchema.extend({
  site: siteCodeSchema.optional(),
});
export type OrganisationReportFilters = z.infer<typeof organisationReportFiltersSchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/**
 * An export's query: the report's filters, `format` and `lang` (the headers' and texts' language; default ja).
 * The answer is a file, not JSON: CSV `text/csv; charset=utf-8` with a BOM, CRLF, RFC 4180 quoting, text cells
 * beginning with `=`, `+`, `-`, `@`, tab or CR prefixed with `'` (numbers stay numbers); XLSX
 * `application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`, one sheet. Both streamed;
 * `content-disposition: attachment; filename="<report>-<site|org>-<from>-<to>.<format>"`. Audited.
 */
export const reportExportQuerySchema = reportFiltersSchema.extend({
  format: exportFormatSchema,
  lang: langCodeSchema.default('ja'),
});
export const organisationReportExportQuerySchema = organisationReportFiltersSchema.extend({
  format: exportFormatSchema,
  lang: langCodeSchema.default('ja'),
});

export const siteReportParamsSchema = z.object({ site: siteCodeSchema, report: reportNameSchema });
export const organisationReportParamsSchema = z.object({ report: reportNameSchema });

export const reportColumnSchema = z.object({
  key: reportColumnKeySchema,
  kind: z.enum(REPORT_COLUMN_KINDS),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;

/**
 * One report's answer. `rows` are keyed by the columns' keys. `totals` sums the yen and count columns (null for
 * the others; null altogether where a total means nothing). `chart`: the x column and the series columns
 * (`line` for sales over time, `bar` for fill per slot), drawn from `rows`.
 */
export const reportAnswerSchema = z.object({
  report: reportNameSchema,
  /** The filters as applied (defaults filled in: from, to, view, group), for the screen's form. */
  filters: z.object({
    from: isoDate,
    to: isoDate,
    site: siteCodeSchema.nullable(),
    view: settlementViewSchema.nullable(),
    group: salesGroupSchema.nullable(),
    method: z.string().nullable(),
    channel: z.string().nullable(),
    product_id: z.number().int().nullable(),
  }),
  columns: z.array(reportColumnSchema),
  rows: z.array(z.record(z.string(), reportCellSchema)),
  totals: z.record(z.string(), z.number().nullable()).nullable(),
  chart: z
    .object({
      kind: z.enum(['line', 'bar']),
      x: reportColumnKeySchema,
      series: z.array(reportColumnKeySchema),
    })
    .nullable(),
  truncated: z.boolean(),
});
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

/**
 * The daily settlement mailed each morning (07:00 Asia/Tokyo, the previous day) to chosen staff, in each
 * recipient's console language, the figures in the body and the CSV attached. Recipients must be members of
 * the organisation who can read reports; `sites` empty means every site of the organisation. Reading needs
 * reports read; saving needs settings write (an organisation's standing mail, like its other settings: no role
 * template grants reports write).
 */
export const reportScheduleSchema = z.object({
  enabled: z.boolean(),
  recipient_staff_ids: z.array(z.number().int().positive()).max(50),
  site_codes: z.array(siteCodeSchema).max(100),
  /** Optimistic concurrency: send back as `expected_version` (0 before the first save). */
  version: z.number().int(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportSchedulesAnswerSchema = z.object({
  daily_settlement: reportScheduleSchema,
  /** Who may be chosen: the organisation's staff whose role reads reports. */
  candidates: z.array(
    z.object({
      staff_id: z.number().int(),
      name: z.string(),
      email: z.string(),
      lang: z.enum(LANG_CODES),
    }),
  ),
});
export type ReportSchedulesAnswer = z.infer<typeof reportSchedulesAnswerSchema>;

export const saveReportSchedulesBodySchema = z.object({
  daily_settlement: z.object({
    enabled: z.boolean(),
    recipient_staff_ids: z.array(z.number().int().positive()).max(50),
    site_codes: z.array(siteCodeSchema).max(100),
    expected_version: z.number().int().nonnegative(),
  }),
});
export type SaveReportSchedulesBody = z.infer<typeof saveReportSchedulesBodySchema>;
