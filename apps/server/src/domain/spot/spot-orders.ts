import type { CreateSpotOrderBody, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { TOKYO_TODAY } from '../../db/tokyo-today.ts';
import { AppError } from '../../shared/app-error.ts';
import { createOrder, type CreateOrderDeps, type OrderClient } from '../stock/create-order.ts';
import type { HeldOrder } from '../stock/hold-stock.ts';
import { resolveSpotQrToken } from './spot-qr-tokens.ts';

/**
 * Is the slot the poster's product's, and is it today's (Tokyo)? A spot visitor stands at the venue:
 * they buy for today only. Whether it still sells now (cut-off, stock) is the one hold's business.
 */
async function isTodaysSlot(db: Db, productId: number, timeSpanId: number): Promise<boolean> {
  const { rows } = await db.$client.query<{ today: boolean }>(
    `SELECT (starts_at AT TIME ZONE 'Asia/Tokyo')::date <= ${TOKYO_TODAY}
            AND ends_at > now() AS today
     FROM time_spans WHERE id = $1 AND product_id = $2`,
    [timeSpanId, productId],
  );
  const row = rows[0];
  if (!row) throw new AppError('record_not_found');
  return row.today;
}

/**
 * The id of `productUuid` when it is a spot product of the site: the poster's own product or another one the
 * venue sells on the spot channel (`/spot/products`, ADR 109). Another site's or a web-only product is
 * refused as the channel's (`invalid channel`).
 */
async function venueSpotProductId(db: Db, site: SiteCode, productUuid: string): Promise<number> {
  const { rows } = await db.$client.query<{ id: number }>(
    `SELECT id FROM products WHERE site_code = $1 AND uuid = $2 AND 'spot' = ANY (sale_channels)`,
    [site, productUuid],
  );
  if (!rows[0]) throw new AppError('invalid_channel');
  return rows[0].id;
}

/**
 * POST /spot/orders: the web order's hold (`createOrder`, so the one stock function and its caps, set
 * products included) on the 'spot' channel, for a spot product of the venue whose poster the visitor
 * scanned (ADR 109) and a slot of today.
 */
export async function createSpotOrder(
  deps: CreateOrderDeps & { db: Db },
  client: { code: SiteCode; clientKey: string | null; addressKey?: string | null },
  body: CreateSpotOrderBody,
): Promise<HeldOrder> {
  // The body's channel (ADR 080) can only say what this call is: a poster's order never sells on another.
  if (body.channel !== undefined && body.channel !== 'spot') throw new AppError('invalid_channel');
  const poster = await resolveSpotQrToken(deps.db, client.code, body.qr_token);
  const productId =
    poster.productUuid === body.product_uuid
      ? poster.productId
      : await venueSpotProductId(deps.db, client.code, body.product_uuid);
  if (!(await isTodaysSlot(deps.db, productId, body.time_span_id))) throw new AppError('not_on_sale');
  const { qr_token: _qrToken, ...orderBody } = body;
  const spotClient: OrderClient = { ...client, channel: 'spot' };
  return createOrder(deps, spotClient, orderBody);
}
