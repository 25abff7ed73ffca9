import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCoupon, createProduct, createTimeSpan } from '../../../test/factories.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../test/helper.ts';
import { SITE_PATH, orderBody, postOrder } from '../../../test/order-support.ts';
import { CARDS, cardToken, stockOf } from '../../../test/checkout-support.ts';
import { tokyoToday } from '../../db/tokyo-today.ts';
import { nextTokyoMidnight, onOneTokyoDay, tokyoMidnight } from '../../../test/tokyo-day.ts';
import { rotateSpotQrToken } from '../../domain/spot/spot-qr-tokens.ts';
import { waitingRoomOf } from '../../plugins/waiting-room-gate.ts';

const ctx = setupTestApp();

type SpotSlot = { uuid: string; id: number; spanId: number; optionValueIds: number[]; qrToken: string };

/**
 * A spot day ticket with a span from 00:00 of `day` (Tokyo; by default the server's today). The span lasts
 * two days: spot orders take a span that has started by today and not ended, so it still sells if a Tokyo
 * midnight passes during a test that is not about the day (whatever the hour of the run).
 */
async function spotProduct(capacity: number, channels = ['web', 'spot'], day?: string): Promise<SpotSlot> {
  const product = await createProduct(ctx.db, { site: 'DEMO', type: 'date', channels });
  const spanId = await createTimeSpan(ctx.db, {
    productId: product.id,
    capacity,
    startsAt: tokyoMidnight(day ?? (await tokyoToday(ctx.db))),
    minutes: 48 * 60,
  });
  const { token } = await rotateSpotQrToken(ctx.db, { site: 'DEMO', productUuid: product.uuid });
  return { ...product, spanId, qrToken: token };
}

const stocks = (qrToken: string, lang = 'en') =>
  ctx.app.inject({
    method: 'GET',
    url: `${SITE_PATH}/spot/products/stocks?qr_token=${encodeURIComponent(qrToken)}&lang=${lang}`,
  });

const postSpotOrder = (slot: SpotSlot, quantity = 1, patch: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/spot/orders`,
    headers: xsrfHeaders(),
    remoteAddress: visitorAddress(),
    payload: { ...orderBody(slot, quantity), qr_token: slot.qrToken, ...patch },
  });

const putSpotOrder = (token: string, email: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${SITE_PATH}/spot/orders/${token}`,
    headers: xsrfHeaders(),
    payload: { customer_info: [{ key: 'email', value: email }] },
  });

describe('spot QR tokens', () => {
  it("answer the poster's product and today's slots, not tomorrow's", async () => {
    // Made for the server's day; run again on the new day's if a Tokyo midnight overtakes it.
    await onOneTokyoDay(ctx.db, async (day) => {
      const slot = await spotProduct(20, undefined, day);
      const tomorrow = nextTokyoMidnight(day);
      await createTimeSpan(ctx.db, { productId: slot.id, capacity: 5, startsAt: tomorrow, minutes: 24 * 60 });
      const res = await stocks(slot.qrToken);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.date).toBe(day);
      expect(body.product.uuid).toBe(slot.uuid);
      expect(body.product.name).toBe('Fixture product (en)');
      expect(body.slots.map((s: { id: number }) => s.id)).toEqual([slot.spanId]);
      expect(body.slots[0].remaining).toBe(20);
    });
  });

  it('refuse an unknown token (and another site’s) as not found, a malformed one as a bad request', async () => {
    const slot = await spotProduct(5);
    expect((await stocks('AAAAAAAAAAAAAAAAAAAAAA')).json()).toEqual({ error: 'record not found' });
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: `/borderless/api/v1/spot/products/stocks?qr_token=${slot.qrToken}&lang=en`,
    });
    expect(elsewhere.statusCode).toBe(404);
    const malformed = await stocks('not a token!');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'invalid request' });
  });

  it('refuse an expired token and a rotated-away one with "spot qrCode has expired", in reads and orders', async () => {
    const slot = await spotProduct(5);
    const rotated = await rotateSpotQrToken(ctx.db, { site: 'DEMO', productUuid: slot.uuid });
    for (const res of [await stocks(slot.qrToken), await postSpotOrder(slot)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ error: 'spot qrCode has expired' });
    }
    expect((await stocks(rotated.token)).statusCode).toBe(200);

    await ctx.db.$client.query(
      "UPDATE spot_qr_tokens SET expires_at = now() - interval '1 second' WHERE token = $1",
      [rotated.token],
    );
    const late = await stocks(rotated.token);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ error: 'spot qrCode has expired' });
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 0 });
  });

  it('answer "invalid channel" for a product not sold on the spot channel', async () => {
    const webOnly = await createProduct(ctx.db, { site: 'DEMO', channels: ['web'] });
    await expect(rotateSpotQrToken(ctx.db, { site: 'DEMO', productUuid: webOnly.uuid })).rejects.toThrow(
      'invalid channel',
    );
    const slot = await spotProduct(5);
    await ctx.db.$client.query(`UPDATE products SET sale_channels = '{web}' WHERE id = $1`, [slot.id]);
    for (const res of [await stocks(slot.qrToken), await postSpotOrder(slot)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid channel' });
    }
  });

  it('answer "invalid channel" for an order naming another channel (ADR 080: pos only from the console)', async () => {
    const slot = await spotProduct(5);
    for (const channel of ['pos', 'kiosk', 'web']) {
      const res = await postSpotOrder(slot, 1, { channel });
      expect(res.json()).toEqual({ error: 'invalid channel' });
    }
    expect((await postSpotOrder(slot, 1, { channel: 'spot' })).statusCode).toBe(201);
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 1, sold: 0 });
  });
});

describe('spot orders', () => {
  it('hold only the venue’s spot products, only today', async () => {
    // Made for the server's day; run again on the new day's if a Tokyo midnight overtakes it.
    await onOneTokyoDay(ctx.db, async (day) => {
      const slot = await spotProduct(5, undefined, day);
      const tomorrow = await createTimeSpan(ctx.db, {
        productId: slot.id,
        capacity: 5,
        startsAt: nextTokyoMidnight(day),
        minutes: 24 * 60,
      });
      const later = await postSpotOrder(slot, 1, { time_span_id: tomorrow });
      expect(later.statusCode).toBe(409);
      expect(later.json()).toEqual({ error: 'ticket not on sale now' });
      // Another site's spot product is not this poster's venue (ADR 109: the venue's spot products only).
      const elsewhere = await createProduct(ctx.db, {
        site: 'BORDERLESS',
        type: 'date',
        channels: ['web', 'spot'],
      });
      const { token: elsewhereToken } = await rotateSpotQrToken(ctx.db, {
        site: 'BORDERLESS',
        productUuid: elsewhere.uuid,
      });
      const mixed = await postSpotOrder(slot, 1, { qr_token: elsewhereToken });
      expect(mixed.statusCode).toBe(404);
      expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 0 });
    });
  });

  it('are held while a web queue is in force: the spot screen has no queue (review finding 5, ADR 095)', async () => {
    const slot = await spotProduct(5);
    await ctx.db.execute(sql`UPDATE products SET waiting_room_enabled = true WHERE id = ${slot.id}`);
    waitingRoomOf(ctx.app).forgetInForce();
    const web = await postOrder(ctx.app, orderBody(slot, 1));
    expect(web.json()).toEqual({ error: 'waiting room required' });
    expect((await postSpotOrder(slot)).statusCode).toBe(201);
  });

  it('are bought end to end: hold, e-mail only (no mail confirmation), coupon, simulator card', async () => {
    const slot = await spotProduct(10);
    await ctx.db.$client.query(
      `INSERT INTO payment_methods (site_code, channel, method, position) VALUES ('DEMO', 'spot', 'gmo', 9)
       ON CONFLICT DO NOTHING`,
    );
    await createCoupon(ctx.db, { code: 'SPOT-TEN', channels: ['spot'] });
    const held = await postSpotOrder(slot, 2);
    expect(held.statusCode).toBe(201);
    const token = held.json().order_token as string;
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 2, sold: 0 });

    const bad = await putSpotOrder(token, 'not an address');
    expect(bad.json()).toEqual({ error: 'invalid email address' });
    const put = await putSpotOrder(token, 'spot@example.jp');
    expect(put.statusCode).toBe(200);
    // DEMO confirms web orders by mail; a visitor at the venue pays at once.
    expect(put.json()).toMatchObject({
      status: 'ready_checkout',
      customer_info: [{ key: 'email', value: 'spot@example.jp' }],
    });

    const coupon = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/spot/ordercoupons/${token}`,
      headers: xsrfHeaders(),
      payload: { coupon_code: 'SPOT-TEN' },
    });
    expect(coupon.statusCode).toBe(200);
    expect(coupon.json()).toMatchObject({ coupon_code: 'SPOT-TEN', coupon_discount: 600 });

    const paid = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/orders/checkout/${token}`,
      headers: xsrfHeaders(),
      payload: {
        payment_method_type: 'gmo',
        token: await cardToken(ctx.app, CARDS.visa),
        masked_card_number: '411111******1111',
      },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'reserved' });
    expect(await stockOf(ctx.db, slot.spanId)).toEqual({ held: 0, sold: 2 });
    const { rows } = await ctx.db.$client.query<{ channel: string; amount: string }>(
      `SELECT o.channel, p.amount FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.order_token = $1`,
      [token],
    );
    expect(rows).toEqual([{ channel: 'spot', amount: 5400 }]);
  });

  it('refuse web orders on the spot calls, spot orders on the web form, and a web-only payment method', async () => {
    const slot = await spotProduct(5);
    const web = await postOrder(ctx.app, orderBody(slot, 1));
    const webToken = web.json().order_token as string;
    expect((await putSpotOrder(webToken, 'a@example.jp')).json()).toEqual({ error: 'invalid channel' });
    await createCoupon(ctx.db, { code: 'BOTH-TEN', channels: ['web', 'spot'] });
    const coupon = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/spot/ordercoupons/${webToken}`,
      headers: xsrfHeaders(),
      payload: { coupon_code: 'BOTH-TEN' },
    });
    expect(coupon.json()).toEqual({ error: 'invalid channel' });

    const spot = (await postSpotOrder(slot, 1)).json().order_token as string;
    // Nor does the web's form change a spot order.
    const webForm = await ctx.app.inject({
      method: 'PUT',
      url: `${SITE_PATH}/orders/${spot}`,
      headers: xsrfHeaders(),
      payload: { customer_info: [{ key: 'email', value: 'a@example.jp' }] },
    });
    expect(webForm.json()).toEqual({ error: 'invalid channel' });
    expect((await putSpotOrder(spot, 'b@example.jp')).statusCode).toBe(200);
    // DEMO's spot channel offers stripe and free, not the web's gmo_3ds.
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `${SITE_PATH}/orders/checkout/${spot}`,
      headers: xsrfHeaders(),
      payload: {
        payment_method_type: 'gmo_3ds',
        token: await cardToken(ctx.app, CARDS.visa),
        masked_card_number: '411111******1111',
      },
    });
    expect(paid.statusCode).toBe(400);
  });
});

describe('spot and web orders racing for the last tickets of a slot', () => {
  let other: Awaited<ReturnType<typeof ctx.anotherApp>>;
  beforeAll(async () => {
    other = await ctx.anotherApp();
  });

  it('never oversell across channels and two server instances', async () => {
    // 240 tickets asked for 150: the web half alone asks 120, so both channels must win some.
    const slot = await spotProduct(150);
    const quantities = Array.from({ length: 120 }, (_, i) => (i % 3) + 1);
    const responses = await Promise.all(
      quantities.map((quantity, i) => {
        const app = i % 4 < 2 ? ctx.app : other;
        if (i % 2 === 0) return postOrder(app, orderBody(slot, quantity));
        return app.inject({
          method: 'POST',
          url: `${SITE_PATH}/spot/orders`,
          headers: xsrfHeaders(),
          remoteAddress: visitorAddress(),
          payload: { ...orderBody(slot, quantity), qr_token: slot.qrToken },
        });
      }),
    );
    let taken = 0;
    const channels = new Set<string>();
    responses.forEach((res, i) => {
      if (res.statusCode === 201) {
        taken += quantities[i]!;
        channels.add(i % 2 === 0 ? 'web' : 'spot');
      } else {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ error: 'out of stock' });
      }
    });
    expect(taken).toBeLessThanOrEqual(150);
    expect(taken).toBeGreaterThan(147);
    expect(channels).toEqual(new Set(['web', 'spot']));
    const { rows } = await ctx.db.$client.query<{ q: number; held: number }>(
      `SELECT (SELECT coalesce(sum(quantity), 0)::int FROM orders WHERE time_span_id = $1) AS q,
              (SELECT held FROM time_spans WHERE id = $1) AS held`,
      [slot.spanId],
    );
    expect(rows[0]).toEqual({ q: taken, held: taken });
  });
});
