import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  calendarColorsEndpoint,
  orderableStocksEndpoint,
  productSearchByDateEndpoint,
  productSearchEndpoint,
  productsEndpoint,
  setProductSearchEndpoint,
  spotProductsEndpoint,
  spotSetProductSearchEndpoint,
  spotStocksEndpoint,
  stockStatusesEndpoint,
  stocksEndpoint,
} from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { getOrderableStock } from './get-orderable-stock.ts';
import { listCalendarColors } from './list-calendar-colors.ts';
import { listProducts } from './list-products.ts';
import { listStockStatuses } from './list-stock-statuses.ts';
import { listStocks } from './list-stocks.ts';
import { searchProductsOnDate } from './search-products-on-date.ts';
import { searchProducts } from './search-products.ts';
import { searchSetProducts } from './search-set-products.ts';
import { listSpotProducts, listSpotStocks, searchSpotSetProducts } from './spot-stocks.ts';
import { readForVisitor } from '../../plugins/read-your-writes.ts';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';

/**
 * Public reads of the catalogue and its availability: kept up to one second by the shared answer cache,
 * and cacheable as long by a CDN (ADR 033). The hold, never these answers, decides whether stock is taken.
 */
const AVAILABILITY = { answerCache: true };

/**
 * Products, slots and their stock: read-only, every query scoped by request.site. They read where stale
 * reads may go (app.reads, ADR 097): the replica when one is configured, the primary for a visitor whose own
 * write it has not replayed yet.
 */
export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const cached = { config: AVAILABILITY };
  const read = <T>(request: FastifyRequest, reply: FastifyReply, work: (db: Db) => Promise<T>) =>
    readForVisitor(app, request, reply, work);

  registerEndpoint(app, productsEndpoint, cached, (request, reply) =>
    read(request, reply, (db) => listProducts(db, { site: request.site, ...request.query })),
  );

  registerEndpoint(app, productSearchEndpoint, cached, (request, reply) => {
    const { product_uuid, product_type, ...rest } = request.query;
    return read(request, reply, (db) =>
      searchProducts(db, {
        site: request.site,
        ...rest,
        productUuid: product_uuid,
        productType: product_type,
      }),
    );
  });

  registerEndpoint(app, productSearchByDateEndpoint, cached, (request, reply) =>
    read(request, reply, (db) => searchProductsOnDate(db, { site: request.site, ...request.query })),
  );

  registerEndpoint(app, stocksEndpoint, cached, (request, reply) =>
    read(request, reply, (db) =>
      listStocks(db, {
        site: request.site,
        date: request.query.date,
        productUuid: request.query.product_id,
        channel: request.query.channel,
      }),
    ),
  );

  registerEndpoint(app, stockStatusesEndpoint, cached, (request, reply) => {
    const { product_uuid, ...rest } = request.query;
    return read(request, reply, (db) =>
      listStockStatuses(db, { site: request.site, ...rest, productUuid: product_uuid }),
    );
  });

  registerEndpoint(app, orderableStocksEndpoint, cached, (request, reply) =>
    read(request, reply, (db) =>
      getOrderableStock(db, {
        site: request.site,
        timeSpanId: request.query.product_time_span_id,
        channel: request.query.channel,
      }),
    ),
  );

  registerEndpoint(app, calendarColorsEndpoint, cached, (request, reply) =>
    read(request, reply, (db) => listCalendarColors(db, { site: request.site, ...request.query })),
  );

  registerEndpoint(app, setProductSearchEndpoint, cached, (request, reply) =>
    read(request, reply, (db) =>
      searchSetProducts(db, {
        site: request.site,
        lang: request.query.lang,
        timeSpanIds: request.query.main_product_time_span_ids,
      }),
    ),
  );

  // The spot channel's reads (ADR 031): the poster's product today, and the add-ons of its slots.
  registerEndpoint(app, spotStocksEndpoint, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return read(request, reply, (db) =>
      listSpotStocks(db, {
        site: request.site,
        qrToken: request.query.qr_token,
        lang: request.query.lang,
        productUuid: request.query.product_uuid,
      }),
    );
  });

  // The venue's spot products today (ADR 109): `/spot/products`. Not cached: the token is checked each time.
  registerEndpoint(app, spotProductsEndpoint, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return read(request, reply, (db) =>
      listSpotProducts(db, { site: request.site, qrToken: request.query.qr_token, lang: request.query.lang }),
    );
  });

  registerEndpoint(app, spotSetProductSearchEndpoint, (request, reply) =>
    read(request, reply, (db) =>
      searchSpotSetProducts(db, {
        site: request.site,
        qrToken: request.query.qr_token,
        lang: request.query.lang,
        timeSpanIds: request.query.main_product_time_span_ids,
      }),
    ),
  );
}
