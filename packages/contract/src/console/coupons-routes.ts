import { consoleRoute } from './console-route.ts';

/** The console's coupons routes (issue 28: coupons and code batches); their schemas are in `coupons-endpoints.ts`. */
export const couponsRoutes = [
  consoleRoute('consoleListCoupons', 'GET', '/sites/:site/coupons'),
  consoleRoute('consoleCreateCoupon', 'POST', '/sites/:site/coupons'),
  consoleRoute('consoleGetCoupon', 'GET', '/sites/:site/coupons/:id'),
  consoleRoute('consoleUpdateCoupon', 'PUT', '/sites/:site/coupons/:id'),
  consoleRoute('consoleSetCouponEnabled', 'PATCH', '/sites/:site/coupons/:id'),
  consoleRoute('consoleListCouponUses', 'GET', '/sites/:site/coupons/:id/uses'),
  consoleRoute('consoleListCouponBatches', 'GET', '/sites/:site/coupon-batches'),
  consoleRoute('consoleCreateCouponBatch', 'POST', '/sites/:site/coupon-batches'),
  consoleRoute('consoleGetCouponBatch', 'GET', '/sites/:site/coupon-batches/:id'),
  consoleRoute('consoleUpdateCouponBatch', 'PUT', '/sites/:site/coupon-batches/:id'),
  consoleRoute('consoleSetCouponBatchEnabled', 'PATCH', '/sites/:site/coupon-batches/:id'),
  consoleRoute('consoleListCouponBatchUses', 'GET', '/sites/:site/coupon-batches/:id/uses'),
  consoleRoute('consoleDownloadCouponBatch', 'GET', '/sites/:site/coupon-batches/:id/codes'),
  consoleRoute('consoleListCouponCampaigns', 'GET', '/sites/:site/coupon-campaigns'),
  consoleRoute('consolePutCouponCampaign', 'PUT', '/sites/:site/coupon-campaigns/:campaign'),
  consoleRoute('consoleListCouponPaymentMethods', 'GET', '/sites/:site/coupon-payment-methods'),
] as const satisfies readonly ReturnType<typeof consoleRoute>[];
