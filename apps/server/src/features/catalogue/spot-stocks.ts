import type {
  LangCode,
  SetProduct,
  SiteCode,
  SpotProductsResponse,
  SpotStocksResponse,
} from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { tokyoToday } from '../../db/tokyo-today.ts';
import { resolveSpotQrToken } from '../../domain/spot/spot-qr-tokens.ts';
import { AppError } from '../../shared/app-error.ts';
import { listProducts } from './list-products.ts';
import { listStocks } from './list-stocks.ts';
import { searchSetProducts } from './search-set-products.ts';

/**
 * GET /spot/products/stocks: the product the visitor's QR token names (or, with `product_uuid`, another spot
 * product of the same venue, ADR 109), with today's slots (Tokyo date, by the database's clock, as the spot
 * order's check) on the spot channel. The token is checked first: expired or unknown tokens never show stock.
 */
export async function listSpotStocks(
  db: Db,
  input: { site: SiteCode; qrToken: string; lang: LangCode; productUuid?: string },
): Promise<SpotStocksResponse> {
  const spot = await resolveSpotQrToken(db, input.site, input.qrToken);
  const productUuid = input.productUuid ?? spot.productUuid;
  const date = await tokyoToday(db);
  const products = await listProducts(db, { site: input.site, lang: input.lang, channel: 'spot' });
  const product = products.find((each) => each.uuid === productUuid);
  // Not one of this venue's spot products: the same answer as a product the poster no longer sells.
  if (!product) throw new AppError('invalid_channel');
  const slots = await listStocks(db, { site: input.site, date, productUuid, channel: 'spot' });
  return { date, product, slots, expires_at: spot.expiresAt.toISOString() };
}

/** A slot a spot visitor can still take today (what the spot order screen offers). */
const sellsNow = (slot: { status: string; remaining: number }) =>
  (slot.status === 'available' || slot.status === 'few') && slot.remaining > 0;

/**
 * GET /spot/products (ADR 109): the spot products of the poster's venue (site), in display order, each with
 * how many of today's slots still sell. The poster's token is the visitor's proof of being at the venue.
 */
export async function listSpotProducts(
  db: Db,
  input: { site: SiteCode; qrToken: string; lang: LangCode },
): Promise<SpotProductsResponse> {
  const spot = await resolveSpotQrToken(db, input.site, input.qrToken);
  const date = await tokyoToday(db);
  const products = await listProducts(db, { site: input.site, lang: input.lang, channel: 'spot' });
  const withSlots = await Promise.all(
    products.map(async (product) => {
      const slots = await listStocks(db, {
        site: input.site,
        date,
        productUuid: product.uuid,
        channel: 'spot',
      });
      return { product, open_slots: slots.filter(sellsNow).length };
    }),
  );
  return {
    date,
    poster_product_uuid: spot.productUuid,
    products: withSlots,
    expires_at: spot.expiresAt.toISOString(),
  };
}

/**
 * GET /spot/setproducts/search (ADR 109): the web search's answer for slots of the venue's spot products,
 * behind a valid poster token; a slot of a product not sold on the spot channel is refused (`invalid channel`).
 */
export async function searchSpotSetProducts(
  db: Db,
  input: { site: SiteCode; qrToken: string; lang: LangCode; timeSpanIds: number[] },
): Promise<SetProduct[]> {
  await resolveSpotQrToken(db, input.site, input.qrToken);
  const { rows } = await db.$client.query<{ off_spot: number }>(
    `SELECT count(*)::int AS off_spot FROM time_spans t JOIN products p ON p.id = t.product_id
     WHERE t.id = ANY ($2::bigint[]) AND p.site_code = $1 AND NOT ('spot' = ANY (p.sale_channels))`,
    [input.site, input.timeSpanIds],
  );
  if (rows[0]!.off_spot > 0) throw new AppError('invalid_channel');
  return searchSetProducts(db, { site: input.site, lang: input.lang, timeSpanIds: input.timeSpanIds });
}
