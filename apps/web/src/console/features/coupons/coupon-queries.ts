import type { ProductList } from '@kippu/contract/console/catalogue-products';
import { permits } from '@kippu/contract/console/permissions';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import type { ConsoleSession } from '../../shared/session/session-api.ts';

export const couponKeys = {
  all: (site: string) => ['console', 'coupons', site] as const,
  list: (site: string, filters: object) => ['console', 'coupons', site, 'list', filters] as const,
  one: (site: string, id: number) => ['console', 'coupons', site, 'one', id] as const,
  uses: (site: string, id: number) => ['console', 'coupons', site, 'uses', id] as const,
  batches: (site: string) => ['console', 'coupons', site, 'batches'] as const,
  batch: (site: string, id: number) => ['console', 'coupons', site, 'batch', id] as const,
  batchUses: (site: string, id: number) => ['console', 'coupons', site, 'batch-uses', id] as const,
  batchCodes: (site: string, id: number) => ['console', 'coupons', site, 'batch-codes', id] as const,
  campaigns: (site: string) => ['console', 'coupons', site, 'campaigns'] as const,
  products: (site: string) => ['console', 'coupon-products', site] as const,
  paymentMethods: (site: string) => ['console', 'coupons', site, 'payment-methods'] as const,
};

/** Every role with catalogue write edits coupons, marketing too (its limit keeps it to coupons). */
export function canWriteCoupons(session: ConsoleSession): boolean {
  return Boolean(session.permissions && permits(session.permissions.catalogue, 'write'));
}

/** The site's products, for the coupon's product choice (catalogue read, which coupon editors have). */
export const listProducts = (site: string): Promise<ProductList> =>
  consoleCall(R.consoleListProducts, { params: { site } });

/** The methods a coupon of the site may be bound to (ADR 103), in the site's order. */
export const listCouponPaymentMethods = async (site: string): Promise<string[]> =>
  (await consoleCall(R.consoleListCouponPaymentMethods, { params: { site } })).payment_methods;

/** The coupon screen's `:couponId` for a new coupon, a new batch and an existing batch. */
export const NEW_COUPON = 'new';
export const NEW_BATCH = 'new-batch';
export const batchParam = (id: number) => `batch-${id}`;
