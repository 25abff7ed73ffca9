import { describe, expect, it } from 'vitest';
import { routesOf } from './fuzz/route-table.ts';
import { setupTestApp } from './helper.ts';

/**
 * Spec §7 "The calls it makes", row by row: every call is routed at its spec path, under the site's base
 * (`/{slug}`), with its method (issue 11, acceptance 2). Path parameters are compared by position, not name.
 */
const SPEC_CALLS = `
GET /api/v1/langs
GET /api/v1/field_templates
GET /api/v1/configurations
GET /api/v1/products
GET /api/v1/setproducts/search
GET /api/v1/texts
GET /api/v1/paymentmethods
GET /api/v1/products/search
GET /api/v1/products/search2
POST /api/v1/orders
DELETE /api/v1/orders/{id}
GET /api/v1/orders/{id}
PUT /api/v1/orders/{id}
POST /api/v1/ordermails/{id}
GET /api/v1/ordermails/{id}
POST /api/v1/ordercoupons/{id}
DELETE /api/v1/ordercoupons/{id}/{couponId}
POST /api/v1/orders/checkout/{id}
POST /api/v1/gmo-secure/exe-payment
POST /api/v1/orders/confirmcheckout
GET /d-account/v1/auth/{id}
GET /d-pay/v1/scptok/{id}
GET /api/v1/reservations
GET /api/v1/mailmagazines/{token}
PUT /api/v1/mailmagazines/{token}
GET /api/v1/products/orderable_stocks
GET /api/v1/calendar/colors
GET /api/v1/gtm/{id}
GET /api/v1/products/stocks-statuses
GET /api/v1/products/stocks
GET /api/v1/spot/products/stocks
POST /api/v1/spot/orders
PUT /api/v1/spot/orders/{id}
POST /api/v1/spot/ordercoupons/{id}
GET /api/v1/spot/setproducts/search
POST /api/v1/membership/login/{id}
GET /api/v1/membership/{id}
`
  .trim()
  .split('\n')
  .map((line) => {
    const [method, path] = line.split(' ') as [string, string];
    return { method, path };
  });

/** `/:slug/api/v1/orders/:id` and `/api/v1/orders/{id}` both become `/api/v1/orders/:`. */
const shape = (path: string) => path.replace(/\{\w+\}|:\w+/g, ':');

describe('spec §7 calls', () => {
  const ctx = setupTestApp();

  it('lists the 37 calls of the table', () => {
    expect(SPEC_CALLS).toHaveLength(37);
    expect(new Set(SPEC_CALLS.map((c) => `${c.method} ${c.path}`)).size).toBe(37);
  });

  it('routes every call at its spec path under the site base (37 of 37)', () => {
    const routed = new Set(
      routesOf(ctx.app)
        .filter((route) => route.url.startsWith('/:slug/'))
        .map((route) => `${route.method} ${shape(route.url.slice('/:slug'.length))}`),
    );
    const missing = SPEC_CALLS.filter((c) => !routed.has(`${c.method} ${shape(c.path)}`)).map(
      (c) => `${c.method} ${c.path}`,
    );
    expect(missing).toEqual([]);
    expect(SPEC_CALLS.length - missing.length).toBe(37);
  });
});
