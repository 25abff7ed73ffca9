import { defineEndpoint } from '../endpoint.ts';
import { consoleSiteIdParamsSchema, consoleSiteParamsSchema } from './operations-devices.ts';
import {
  couponAnswerSchema,
  couponBatchAnswerSchema,
  couponBatchListSchema,
  couponCampaignAnswerSchema,
  couponCampaignListSchema,
  couponCampaignParamsSchema,
  couponListQuerySchema,
  couponListSchema,
  couponPaymentMethodListSchema,
  couponUsesSchema,
  createCouponBatchBodySchema,
  createCouponBodySchema,
  putCouponCampaignBodySchema,
  setCouponBatchEnabledBodySchema,
  setCouponEnabledBodySchema,
  updateCouponBatchBodySchema,
  updateCouponBodySchema,
} from './coupons-schemas.ts';

/**
 * The console's coupons endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS` (issue 28,
 * ADR 070). Area `catalogue`: read for the lists, write for every change (marketing's coupons-only limit
 * includes them).
 */
export const couponsEndpoints = {
  consoleListCoupons: defineEndpoint('consoleListCoupons', {
    params: consoleSiteParamsSchema,
    query: couponListQuerySchema,
    responses: { 200: couponListSchema },
  }),
  consoleCreateCoupon: defineEndpoint('consoleCreateCoupon', {
    params: consoleSiteParamsSchema,
    body: createCouponBodySchema,
    responses: { 200: couponAnswerSchema },
  }),
  consoleGetCoupon: defineEndpoint('consoleGetCoupon', {
    params: consoleSiteIdParamsSchema,
    responses: { 200: couponAnswerSchema },
  }),
  consoleUpdateCoupon: defineEndpoint('consoleUpdateCoupon', {
    params: consoleSiteIdParamsSchema,
    body: updateCouponBodySchema,
    responses: { 200: couponAnswerSchema },
  }),
  consoleSetCouponEnabled: defineEndpoint('consoleSetCouponEnabled', {
    params: consoleSiteIdParamsSchema,
    body: setCouponEnabledBodySchema,
    responses: { 200: couponAnswerSchema },
  }),
  consoleListCouponUses: defineEndpoint('consoleListCouponUses', {
    params: consoleSiteIdParamsSchema,
    responses: { 200: couponUsesSchema },
  }),
  consoleListCouponBatches: defineEndpoint('consoleListCouponBatches', {
    params: consoleSiteParamsSchema,
    responses: { 200: couponBatchListSchema },
  }),
  consoleCreateCouponBatch: defineEndpoint('consoleCreateCouponBatch', {
    params: consoleSiteParamsSchema,
    body: createCouponBatchBodySchema,
    responses: { 200: couponBatchAnswerSchema },
  }),
  consoleGetCouponBatch: defineEndpoint('consoleGetCouponBatch', {
    params: consoleSiteIdParamsSchema,
    responses: { 200: couponBatchAnswerSchema },
  }),
  consoleUpdateCouponBatch: defineEndpoint('consoleUpdateCouponBatch', {
    params: consoleSiteIdParamsSchema,
    body: updateCouponBatchBodySchema,
    responses: { 200: couponBatchAnswerSchema },
  }),
  consoleSetCouponBatchEnabled: defineEndpoint('consoleSetCouponBatchEnabled', {
    params: consoleSiteIdParamsSchema,
    body: setCouponBatchEnabledBodySchema,
    responses: { 200: couponBatchAnswerSchema },
  }),
  consoleListCouponBatchUses: defineEndpoint('consoleListCouponBatchUses', {
    params: consoleSiteIdParamsSchema,
    responses: { 200: couponUsesSchema },
  }),
  /** The batch's codes as a CSV file (text/csv, see `COUPON_BATCH_CSV_HEADER`): no JSON answer. */
  consoleDownloadCouponBatch: defineEndpoint('consoleDownloadCouponBatch', {
    params: consoleSiteIdParamsSchema,
    responses: {},
  }),
  consoleListCouponCampaigns: defineEndpoint('consoleListCouponCampaigns', {
    params: consoleSiteParamsSchema,
    responses: { 200: couponCampaignListSchema },
  }),
  consolePutCouponCampaign: defineEndpoint('consolePutCouponCampaign', {
    params: couponCampaignParamsSchema,
    body: putCouponCampaignBodySchema,
    responses: { 200: couponCampaignAnswerSchema },
  }),
  consoleListCouponPaymentMethods: defineEndpoint('consoleListCouponPaymentMethods', {
    params: consoleSiteParamsSchema,
    responses: { 200: couponPaymentMethodListSchema },
  }),
} as const;
