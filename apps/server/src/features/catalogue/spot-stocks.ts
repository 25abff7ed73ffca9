import type { LangCode, SiteCode, SpotStocksResponse } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { tokyoToday } from '../../db/tokyo-today.ts';
import { resolveSpotQrToken } from '../../domain/spot/spot-qr-tokens.ts';
import { AppError } from '../../shared/app-error.ts';
import { listProducts } from './list-products.ts';
import { listStocks } from './list-stocks.ts';

/**
 * GET /spot/products/stocks: the product the visitor's QR token names, with today's slots (Tokyo date, by the
 * database's clock, as the spot order's check) on the spot channel. The token is checked first: expired or
 * unknown tokens never show stock.
 */
export async function listSpotStocks(
  db: Db,
  input: { site: SiteCode; qrToken: string; lang: LangCode },
): Promise<SpotStocksResponse> {
  const spot = await resolveSpotQrToken(db, input.site, input.qrToken);
  const date = await tokyoToday(db);
  const [products, slots] = await Promise.all([
    listProducts(db, { site: input.site, lang: input.lang, channel: 'spot' }),
    listStocks(db, { site: input.site, date, productUuid: spot.productUuid, channel: 'spot' }),
  ]);
  const product = products.find((each) => each.uuid === spot.productUuid);
  if (!product) throw new AppError('invalid_channel');
  return { date, product, slots, expires_at: spot.expiresAt.toISOString() };
}
