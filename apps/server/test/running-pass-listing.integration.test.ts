import { addDays } from '@kippu/contract';
import { describe, expect, it } from 'vitest';
import { createProduct, createTimeSpan } from './factories.ts';
import { setupTestApp } from './helper.ts';
import { onOneTokyoDay, tokyoMidnight } from './tokyo-day.ts';

const DAY_MINUTES = 24 * 60;

/**
 * A pass that has started and still sells (ADR 009) is listed under today, never under its past start date
 * (ADR 044): the calendar offers no past day, and the pass is bought from today's list.
 */
describe('a running pass in the catalogue', () => {
  const ctx = setupTestApp();

  async function get<T>(url: string): Promise<T> {
    const res = await ctx.app.inject({ method: 'GET', url: `/demo/api/v1${url}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  }

  /** A period product: a pass that started ten days ago and runs twenty more, and one that starts in five days. */
  async function passes(today: string) {
    const product = await createProduct(ctx.db, { type: 'period' });
    const span = (startDay: string, days: number, onSale = true) =>
      createTimeSpan(ctx.db, {
        productId: product.id,
        capacity: 10,
        startsAt: tokyoMidnight(startDay),
        minutes: days * DAY_MINUTES,
        onSale,
      });
    const running = await span(addDays(today, -10), 30);
    const coming = await span(addDays(today, 5), 30);
    const ended = await span(addDays(today, -40), 30);
    const withdrawn = await span(addDays(today, -9), 30, false);
    return { product, running, coming, ended, withdrawn };
  }

  it('shows the calendar today, not on the past day it started', async () => {
    await onOneTokyoDay(ctx.db, async (today) => {
      const { product } = await passes(today);
      const statuses = await get<{ date: string; status: string }[]>(
        `/products/stocks-statuses?from=${addDays(today, -12)}&to=${addDays(today, 7)}&product_uuid=${product.uuid}`,
      );
      const open = statuses.filter((entry) => entry.status !== 'not_on_sale').map((entry) => entry.date);
      expect(open).toEqual([today, addDays(today, 5)]);
    });
  });

  it("lists the running pass among today's slots, with its own period", async () => {
    await onOneTokyoDay(ctx.db, async (today) => {
      const { product, running } = await passes(today);
      const todays = await get<{ id: number; start: string; end: string; status: string }[]>(
        `/products/stocks?date=${today}&product_id=${product.uuid}`,
      );
      expect(todays.map((slot) => [slot.id, slot.status])).toEqual([[running, 'available']]);
      expect(todays[0]!.start.slice(0, 10)).toBe(addDays(today, -10));

      // Its start date lists only what does not sell: the withdrawn pass, not the running one.
      const startDay = await get<{ id: number; status: string }[]>(
        `/products/stocks?date=${addDays(today, -10)}&product_id=${product.uuid}`,
      );
      expect(startDay).toEqual([]);
      const withdrawnDay = await get<{ id: number; status: string }[]>(
        `/products/stocks?date=${addDays(today, -9)}&product_id=${product.uuid}`,
      );
      expect(withdrawnDay.map((slot) => slot.status)).toEqual(['not_on_sale']);
    });
  });

  it('puts it on today in the date searches, and nowhere in a range without today', async () => {
    await onOneTokyoDay(ctx.db, async (today) => {
      const { product, running, coming, withdrawn } = await passes(today);
      type SearchDate = { date: string; products: { uuid: string; slots: { id: number }[] }[] };
      const spansByDate = (dates: SearchDate[]) =>
        Object.fromEntries(
          dates
            .map((entry) => [entry.date, entry.products.find((each) => each.uuid === product.uuid)] as const)
            .filter(([, entry]) => entry)
            .map(([date, entry]) => [date, entry!.slots.map((slot) => slot.id)]),
        );

      const around = await get<SearchDate[]>(
        `/products/search?from=${addDays(today, -12)}&to=${addDays(today, 7)}&lang=en&product_uuid=${product.uuid}`,
      );
      // A pass that does not sell stays on its start date (as not on sale).
      expect(spansByDate(around)).toEqual({
        [addDays(today, -9)]: [withdrawn],
        [today]: [running],
        [addDays(today, 5)]: [coming],
      });

      const before = await get<SearchDate[]>(
        `/products/search?from=${addDays(today, -12)}&to=${addDays(today, -1)}&lang=en&product_uuid=${product.uuid}`,
      );
      expect(spansByDate(before)[addDays(today, -10)]).toBeUndefined();
      expect(Object.values(spansByDate(before)).flat()).not.toContain(running);

      const onToday = await get<{ uuid: string; slots: { id: number }[] }[]>(
        `/products/search2?date=${today}&lang=en`,
      );
      expect(onToday.find((each) => each.uuid === product.uuid)?.slots.map((slot) => slot.id)).toEqual([
        running,
      ]);
    });
  });
});
