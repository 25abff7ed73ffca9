import type { OrderableStocks, SalesChannel, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { fewStockThresholdSql, productInSaleWindowSql, publishedProductSql } from './catalogue-sql.ts';
import { slotStatus } from './stock-status.ts';
import { coalesceReads } from './coalesce-reads.ts';
import { slotBeforeChannelCutoffSql } from '../../domain/stock/slot-sale.ts';

const ORDERABLE_SQL = `
SELECT p.sale_channels, p.min_quantity, p.max_quantity,
       GREATEST(t.capacity - t.held - t.sold - t.allotted, 0) AS remaining,
       (t.on_sale
         AND ${productInSaleWindowSql('p')}
         AND ${slotBeforeChannelCutoffSql('t', 'p', '$3::text')}) AS sellable,
       ${fewStockThresholdSql('$1')} AS few
FROM time_spans t
JOIN products p ON p.id = t.product_id AND p.site_code = $1 AND ${publishedProductSql('p')}
WHERE t.id = $2`;

interface Row {
  sale_channels: string[];
  min_quantity: number;
  max_quantity: number;
  remaining: number;
  sellable: boolean;
  few: number;
}

/** GET /products/orderable_stocks: how many tickets one order can still take from the slot. */
async function loadGetOrderableStock(
  db: Db,
  input: { site: SiteCode; timeSpanId: number; channel: SalesChannel },
): Promise<OrderableStocks> {
  const { rows } = await db.$client.query<Row>({
    name: 'catalogue-orderable-stock',
    text: ORDERABLE_SQL,
    values: [input.site, input.timeSpanId, input.channel],
  });
  const row = rows[0];
  if (!row) throw new AppError('record_not_found');
  if (!row.sale_channels.includes(input.channel)) throw new AppError('invalid_channel');
  const status = slotStatus(row.sellable, row.remaining, row.few);
  return {
    product_time_span_id: input.timeSpanId,
    remaining: row.remaining,
    orderable: row.sellable ? Math.min(row.remaining, row.max_quantity) : 0,
    min_quantity: row.min_quantity,
    max_quantity: row.max_quantity,
    status,
  };
}

export const getOrderableStock = coalesceReads(loadGetOrderableStock);
