import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  calendarColorsQuerySchema,
  calendarColorsResponseSchema,
  dateSearchQuerySchema,
  dateSearchResponseSchema,
  orderableStocksQuerySchema,
  orderableStocksResponseSchema,
  productSearchQuerySchema,
  productSearchResponseSchema,
  productsQuerySchema,
  productsResponseSchema,
  setProductSearchQuerySchema,
  setProductSearchResponseSchema,
  spotStocksQuerySchema,
  spotStocksResponseSchema,
  stockStatusesQuerySchema,
  stockStatusesResponseSchema,
  stocksQuerySchema,
  stocksResponseSchema,
} from '@kippu/contract';
import { getOrderableStock } from './get-orderable-stock.ts';
import { listCalendarColors } from './list-calendar-colors.ts';
import { listProducts } from './list-products.ts';
import { listStockStatuses } from './list-stock-statuses.ts';
import { listStocks } from './list-stocks.ts';
import { searchProductsOnDate } from './search-products-on-date.ts';
import { searchProducts } from './search-products.ts';
import { searchSetProducts } from './search-set-products.ts';
import { listSpotStocks } from './spot-stocks.ts';

/**
 * Public reads of the catalogue and its availability: kept up to one second by the shared answer cache,
 * and cacheable as long by a CDN (ADR 033). The hold, never these answers, decides whether stock is taken.
 */
const AVAILABILITY = { answerCache: true };

/** Products, slots and their stock: read-only, every query scoped by request.site. */
export async function catalogueRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/products',
    {
      config: AVAILABILITY,
      schema: { querystring: productsQuerySchema, response: { 200: productsResponseSchema } },
    },
    (request) => listProducts(app.db, { site: request.site, ...request.query }),
  );

  app.get(
    '/products/search',
    {
      config: AVAILABILITY,
      schema: { querystring: productSearchQuerySchema, response: { 200: productSearchResponseSchema } },
    },
    (request) => {
      const { product_uuid, product_type, ...rest } = request.query;
      return searchProducts(app.db, {
        site: request.site,
        ...rest,
        productUuid: product_uuid,
        productType: product_type,
      });
    },
  );

  app.get(
    '/products/search2',
    {
      config: AVAILABILITY,
      schema: { querystring: dateSearchQuerySchema, response: { 200: dateSearchResponseSchema } },
    },
    (request) => searchProductsOnDate(app.db, { site: request.site, ...request.query }),
  );

  app.get(
    '/products/stocks',
    {
      config: AVAILABILITY,
      schema: { querystring: stocksQuerySchema, response: { 200: stocksResponseSchema } },
    },
    (request) =>
      listStocks(app.db, {
        site: request.site,
        date: request.query.date,
        productUuid: request.query.product_id,
        channel: request.query.channel,
      }),
  );

  app.get(
    '/products/stocks-statuses',
    {
      config: AVAILABILITY,
      schema: { querystring: stockStatusesQuerySchema, response: { 200: stockStatusesResponseSchema } },
    },
    (request) => {
      const { product_uuid, ...rest } = request.query;
      return listStockStatuses(app.db, { site: request.site, ...rest, productUuid: product_uuid });
    },
  );

  app.get(
    '/products/orderable_stocks',
    {
      config: AVAILABILITY,
      schema: { querystring: orderableStocksQuerySchema, response: { 200: orderableStocksResponseSchema } },
    },
    (request) =>
      getOrderableStock(app.db, {
        site: request.site,
        timeSpanId: request.query.product_time_span_id,
        channel: request.query.channel,
      }),
  );

  app.get(
    '/calendar/colors',
    {
      config: AVAILABILITY,
      schema: { querystring: calendarColorsQuerySchema, response: { 200: calendarColorsResponseSchema } },
    },
    (request) => listCalendarColors(app.db, { site: request.site, ...request.query }),
  );

  app.get(
    '/setproducts/search',
    {
      config: AVAILABILITY,
      schema: { querystring: setProductSearchQuerySchema, response: { 200: setProductSearchResponseSchema } },
    },
    (request) =>
      searchSetProducts(app.db, {
        site: request.site,
        lang: request.query.lang,
        timeSpanIds: request.query.main_product_time_span_ids,
      }),
  );

  // The spot channel's reads (ADR 031): the poster's product today, and the add-ons of its slots.
  app.get(
    '/spot/products/stocks',
    { schema: { querystring: spotStocksQuerySchema, response: { 200: spotStocksResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSpotStocks(app.db, {
        site: request.site,
        qrToken: request.query.qr_token,
        lang: request.query.lang,
      });
    },
  );

  app.get(
    '/spot/setproducts/search',
    {
      schema: { querystring: setProductSearchQuerySchema, response: { 200: setProductSearchResponseSchema } },
    },
    (request) =>
      searchSetProducts(app.db, {
        site: request.site,
        lang: request.query.lang,
        timeSpanIds: request.query.main_product_time_span_ids,
      }),
  );
}
