import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/helper.ts';

const ctx = setupTestApp();
const BASE = '/demo/api/v1';
const UUID = '6f1c2b1e-7a52-4b8e-9c1d-2f3a4b5c6d7e';

/** Dates PostgreSQL cannot take (no year 0) or that are no visit date, on every catalogue call with dates. */
const BAD_DATES = ['0000-01-01', '0000-12-31', '1999-12-31', '3000-01-01'];

const callsWith = (date: string) => [
  `${BASE}/calendar/colors?from=${date}&to=${date}`,
  `${BASE}/products/search?from=${date}&to=${date}&lang=ja`,
  `${BASE}/products/search2?date=${date}&lang=ja`,
  `${BASE}/products/stocks?date=${date}&product_id=${UUID}`,
  `${BASE}/products/stocks-statuses?from=${date}&to=${date}`,
];

describe('catalogue dates outside the years 2000 to 2999', () => {
  it('answer 400 with the one error body, never a 500', async () => {
    for (const date of BAD_DATES) {
      for (const url of callsWith(date)) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error, url).toBe('invalid request');
      }
    }
  });

  it('take the first and last dates of the range (stocks of an unknown product is a 404)', async () => {
    for (const date of ['2000-01-01', '2999-12-31']) {
      for (const url of callsWith(date)) {
        const expected = url.includes('/stocks?') ? 404 : 200;
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(expected);
      }
    }
  });
});
