import { defineEndpoint } from '../endpoint.ts';
import {
  createSetProductBodySchema,
  membershipPromotionResponseSchema,
  putMembershipPromotionBodySchema,
  setProductListSchema,
  setProductResponseSchema,
  updateSetProductBodySchema,
} from './catalogue-extras.ts';
import {
  catalogueIdParamsSchema,
  createProductBodySchema,
  createTicketTypeBodySchema,
  deletedSchema,
  expectedVersionQuerySchema,
  productListSchema,
  productResponseSchema,
  productStatusBodySchema,
  publishProductBodySchema,
  reorderProductsBodySchema,
  reorderTicketTypesBodySchema,
  updateProductBodySchema,
  updateTicketTypeBodySchema,
} from './catalogue-products.ts';
import { consoleSiteParamsSchema } from './operations-devices.ts';

const onProduct = { params: catalogueIdParamsSchema, responses: { 200: productResponseSchema } } as const;

/** The console's catalogue endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS` (issue 28). */
export const catalogueEndpoints = {
  consoleListProducts: defineEndpoint('consoleListProducts', {
    params: consoleSiteParamsSchema,
    responses: { 200: productListSchema },
  }),
  consoleCreateProduct: defineEndpoint('consoleCreateProduct', {
    params: consoleSiteParamsSchema,
    body: createProductBodySchema,
    responses: { 200: productResponseSchema },
  }),
  consoleReorderProducts: defineEndpoint('consoleReorderProducts', {
    params: consoleSiteParamsSchema,
    body: reorderProductsBodySchema,
    responses: { 200: productListSchema },
  }),
  consoleGetProduct: defineEndpoint('consoleGetProduct', onProduct),
  consoleUpdateProduct: defineEndpoint('consoleUpdateProduct', {
    ...onProduct,
    body: updateProductBodySchema,
  }),
  consoleDeleteProduct: defineEndpoint('consoleDeleteProduct', {
    params: catalogueIdParamsSchema,
    query: expectedVersionQuerySchema,
    responses: { 200: deletedSchema },
  }),
  consolePublishProduct: defineEndpoint('consolePublishProduct', {
    ...onProduct,
    body: publishProductBodySchema,
  }),
  consoleUnpublishProduct: defineEndpoint('consoleUnpublishProduct', {
    ...onProduct,
    body: productStatusBodySchema,
  }),
  consoleRetireProduct: defineEndpoint('consoleRetireProduct', {
    ...onProduct,
    body: productStatusBodySchema,
  }),
  /** `:id` is the product's. */
  consoleCreateTicketType: defineEndpoint('consoleCreateTicketType', {
    ...onProduct,
    body: createTicketTypeBodySchema,
  }),
  /** `:id` is the product's. */
  consoleReorderTicketTypes: defineEndpoint('consoleReorderTicketTypes', {
    ...onProduct,
    body: reorderTicketTypesBodySchema,
  }),
  /** `:id` is the ticket type's; answers its product. */
  consoleUpdateTicketType: defineEndpoint('consoleUpdateTicketType', {
    ...onProduct,
    body: updateTicketTypeBodySchema,
  }),
  /** `:id` is the ticket type's; answers its product. Refused (`console in use`) once an order line has it. */
  consoleDeleteTicketType: defineEndpoint('consoleDeleteTicketType', {
    ...onProduct,
    query: expectedVersionQuerySchema,
  }),
  consoleListSetProducts: defineEndpoint('consoleListSetProducts', {
    params: consoleSiteParamsSchema,
    responses: { 200: setProductListSchema },
  }),
  consoleCreateSetProduct: defineEndpoint('consoleCreateSetProduct', {
    params: consoleSiteParamsSchema,
    body: createSetProductBodySchema,
    responses: { 200: setProductResponseSchema },
  }),
  consoleUpdateSetProduct: defineEndpoint('consoleUpdateSetProduct', {
    params: catalogueIdParamsSchema,
    body: updateSetProductBodySchema,
    responses: { 200: setProductResponseSchema },
  }),
  consoleDeleteSetProduct: defineEndpoint('consoleDeleteSetProduct', {
    params: catalogueIdParamsSchema,
    query: expectedVersionQuerySchema,
    responses: { 200: deletedSchema },
  }),
  consoleGetMembershipPromotion: defineEndpoint('consoleGetMembershipPromotion', {
    params: consoleSiteParamsSchema,
    responses: { 200: membershipPromotionResponseSchema },
  }),
  consolePutMembershipPromotion: defineEndpoint('consolePutMembershipPromotion', {
    params: consoleSiteParamsSchema,
    body: putMembershipPromotionBodySchema,
    responses: { 200: membershipPromotionResponseSchema },
  }),
  consoleDeleteMembershipPromotion: defineEndpoint('consoleDeleteMembershipPromotion', {
    params: consoleSiteParamsSchema,
    query: expectedVersionQuerySchema,
    responses: { 200: membershipPromotionResponseSchema },
  }),
} as const;
