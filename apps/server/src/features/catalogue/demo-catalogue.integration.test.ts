import { describe, expect, it } from 'vitest';
import {
  DEMO_SITE_CODES,
  productSearchResponseSchema,
  productsResponseSchema,
  siteSlug,
} from '@kippu/contract';
import { setupTestApp } from '../../../test/helper.ts';
import { tokyoDate } from './catalogue-test-fixtures.ts';

/** The seeded demo data must let a visitor book on every site for the coming quarter. */
describe('demo catalogue of every site', () => {
  const ctx = setupTestApp();

  it.each(DEMO_SITE_CODES.map((code) => [code]))(
    '%s has web products with slots across the next 90 days',
    async (code) => {
      const slug = siteSlug(code);
      const products = productsResponseSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: `/${slug}/api/v1/products?lang=ja` })).json(),
      );
      expect(products.length).toBeGreaterThan(0);

      const from = tokyoDate(0);
      const to = tokyoDate(89);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/${slug}/api/v1/products/search?from=${from}&to=${to}&lang=ja`,
      });
      expect(res.statusCode).toBe(200);
      const days = productSearchResponseSchema.parse(res.json());
      const dates = days.filter((d) => d.products.some((p) => p.slots.length > 0)).map((d) => d.date);
      // stock from now to the end of the window (closing days and monthly passes leave gaps)
      expect(dates.some((date) => date <= tokyoDate(29))).toBe(true);
      expect(dates.some((date) => date >= tokyoDate(60))).toBe(true);
      const productsWithSlots = new Set(days.flatMap((d) => d.products.map((p) => p.uuid)));
      for (const product of products) expect(productsWithSlots).toContain(product.uuid);
      expect(days.some((d) => d.status === 'available' || d.status === 'few')).toBe(true);
    },
  );
});
