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

/** Products, slots and their stock: read-only, every query scoped by request.site. */
export async function catalogueRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/products',
    { schema: { querystring: productsQuerySchema, response: { 200: productsResponseSchema } } },
    (request) => listProducts(app.db, { site: request.site, ...request.query }),
  );

  app.get(
    '/products/search',
    { schema: { querystring: productSearchQuerySchema, response: { 200: productSearchResponseSchema } } },
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
    { schema: { querystring: dateSearchQuerySchema, response: { 200: dateSearchResponseSchema } } },
    (request) => searchProductsOnDate(app.db, { site: request.site, ...request.query }),
  );

  app.get(
    '/products/stocks',
    { schema: { querystring: stocksQuerySchema, response: { 200: stocksResponseSchema } } },
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
    { schema: { querystring: stockStatusesQuerySchema, response: { 200: stockStatusesResponseSchema } } },
    (request) => {
      const { product_uuid, ...rest } = request.query;
      return listStockStatuses(app.db, { site: request.site, ...rest, productUuid: product_uuid });
    },
  );

  app.get(
    '/products/orderable_stocks',
    { schema: { querystring: orderableStocksQuerySchema, response: { 200: orderableStocksResponseSchema } } },
    (request) =>
      getOrderableStock(app.db, {
        site: request.site,
        timeSpanId: request.query.product_time_span_id,
        channel: request.query.channel,
      }),
  );

  app.get(
    '/calendar/colors',
    { schema: { querystring: calendarColorsQuerySchema, response: { 200: calendarColorsResponseSchema } } },
    (request) => listCalendarColors(app.db, { site: request.site, ...request.query }),
  );

  app.get(
    '/setproducts/search',
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
