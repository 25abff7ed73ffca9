import type { DateStockStatus, SalesChannel, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import {
  fewStockThresholdSql,
  listedSpansSql,
  productInSaleWindowSql,
  publishedProductSql,
} from './catalogue-sql.ts';
import { slotStatus } from './stock-status.ts';
import { coalesceReads } from './coalesce-reads.ts';

/**
 * The calendar needs one status per date, so the database aggregates: per Tokyo date (the date a span is
 * listed under, `listedSpansSql`), the most tickets left in one sellable slot. Among sellable slots the
 * status only grows with the remaining stock, so the best status of a date is the status of that slot,
 * and its remaining is the 'few' count. A date with no sellable slot is not on sale.
 * The first columns tell an unknown product from one not sold on the channel.
 */
const STOCK_STATUSES_SQL = `
WITH p AS (
  SELECT id, product_type, sale_channels,
         ${productInSaleWindowSql('products')} AS in_sale_window
  FROM products
  WHERE site_code = $1 AND ${publishedProductSql('products')}
    AND ($4::uuid IS NULL OR uuid = $4::uuid)
    AND ($4::uuid IS NOT NULL OR $5::text = ANY (sale_channels))
), d AS (
  SELECT t.date::text AS date,
         max(GREATEST(t.capacity - t.held - t.sold - t.allotted, 0)) AS best_remaining
  FROM p
  CROSS JOIN LATERAL ${listedSpansSql('p', '$2', '$3', '$5::text')} t
  WHERE t.sellable
  GROUP BY 1
)
SELECT (SELECT count(*) FROM p)::int AS products,
       COALESCE((SELECT bool_and($5::text = ANY (sale_channels)) FROM p), false) AS on_channel,
       ${fewStockThresholdSql('$1')} AS few,
       COALESCE((SELECT array_agg(date ORDER BY date) FROM d), '{}') AS dates,
       COALESCE((SELECT array_agg(best_remaining ORDER BY date) FROM d), '{}') AS remaining`;

export interface ListStockStatusesInput {
  site: SiteCode;
  from: string;
  to: string;
  channel: SalesChannel;
  productUuid?: string;
}

interface Row {
  products: number;
  on_channel: boolean;
  few: number;
  dates: string[];
  remaining: number[];
}

/** Every yyyy-MM-dd from `from` to `to`; date-only strings parse as UTC midnight, so no zone drift. */
function eachDate(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000) {
    dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return dates;
}

/** GET /products/stocks-statuses: a status for every date of the range (calendar), in one query. */
async function loadListStockStatuses(db: Db, input: ListStockStatusesInput): Promise<DateStockStatus[]> {
  const { rows } = await db.$client.query<Row>({
    name: 'catalogue-stock-statuses',
    text: STOCK_STATUSES_SQL,
    values: [input.site, input.from, input.to, input.productUuid ?? null, input.channel],
  });
  const row = rows[0]!;
  if (input.productUuid) {
    if (row.products === 0) throw new AppError('record_not_found');
    if (!row.on_channel) throw new AppError('invalid_channel');
  }
  const best = new Map(row.dates.map((date, i) => [date, row.remaining[i]!]));
  return eachDate(input.from, input.to).map((date) => {
    const remaining = best.get(date);
    const status = slotStatus(remaining !== undefined, remaining ?? 0, row.few);
    return { date, status, count: status === 'few' ? remaining! : null };
  });
}

export const listStockStatuses = coalesceReads(loadListStockStatuses);
