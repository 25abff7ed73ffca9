import { describe, expect, it } from 'vitest';
import { createSetProduct } from '../../../test/factories.ts';
import { setupTestApp, visitorAddress, xsrfHeaders } from '../../../test/helper.ts';
import { heldOf, orderBody, postOrder, productWithSlot, SITE_PATH } from '../../../test/order-support.ts';

const ctx = setupTestApp();

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: string) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...xsrfHeaders(), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    remoteAddress: visitorAddress(),
    payload,
  });

const EMAIL = '{"key":"email","value":"hanako@example.jp"}';

async function heldOrder(quantity = 1) {
  const slot = await productWithSlot(ctx.db, 100);
  const res = await postOrder(ctx.app, orderBody(slot, quantity));
  expect(res.statusCode).toBe(201);
  return { slot, token: res.json().order_token as string };
}

describe('bad input answers a clear 4xx with the one error body', () => {
  it('refuses a NUL byte in the token of every order and coupon call', async () => {
    const calls: [Parameters<typeof call>[0], string, string?][] = [
      ['GET', `${SITE_PATH}/orders/a%00b`],
      ['PUT', `${SITE_PATH}/orders/a%00b`, '{"customer_info":[]}'],
      ['DELETE', `${SITE_PATH}/orders/a%00b`],
      ['POST', `${SITE_PATH}/ordercoupons/a%00b`, '{"coupon_code":"DEMO10"}'],
      ['DELETE', `${SITE_PATH}/ordercoupons/a%00b/1`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().error).toBe('invalid request');
    }
  });

  it('takes one token schema for /orders/{id} and /ordercoupons/{id}: 64 characters of base64url', async () => {
    const long = 'a'.repeat(65);
    for (const url of [`${SITE_PATH}/orders/${long}`, `${SITE_PATH}/ordercoupons/${long}`]) {
      const method = url.includes('coupons') ? 'POST' : 'GET';
      const res = await call(method, url, method === 'POST' ? '{"coupon_code":"X"}' : undefined);
      expect(res.statusCode, url).toBe(400);
    }
    const unknown = await call('GET', `${SITE_PATH}/orders/${'a'.repeat(64)}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('takes a numeric path id as plain decimal digits only: hex, exponents and spaces are invalid', async () => {
    const { token } = await heldOrder();
    for (const id of ['0x10', '1e2', '%201', '1.0', '-1', '0']) {
      const urls = [
        ['DELETE', `${SITE_PATH}/ordercoupons/${token}/${id}`],
        ['GET', `${SITE_PATH}/check-ins/${token}/${id}`],
        ['GET', `${SITE_PATH}/reservations/${token}/tickets/${id}/wallet.pkpass`],
      ] as const;
      for (const [method, url] of urls) {
        const res = await call(method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().error).toBe('invalid request');
      }
    }
  });

  it('refuses a NUL byte in a coupon code', async () => {
    const { token } = await heldOrder();
    const res = await call('POST', `${SITE_PATH}/ordercoupons/${token}`, '{"coupon_code":"DEMO\\u000010"}');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid request');
  });

  it('refuses a NUL or an unpaired surrogate in a customer-info field, and stores nothing', async () => {
    // DEMO requires an e-mail and a name: with the e-mail valid, only the bad name can refuse the call.
    const { token } = await heldOrder();
    for (const value of ['Hanako\\u0000', 'Hanako \\ud800', '\\udfff']) {
      const res = await call(
        'PUT',
        `${SITE_PATH}/orders/${token}`,
        `{"customer_info":[${EMAIL},{"key":"fullname","value":"${value}"}]}`,
      );
      expect(res.statusCode, value).toBe(400);
      expect(res.json().error).toBe('invalid request');
    }
    const order = (await call('GET', `${SITE_PATH}/orders/${token}`)).json();
    expect(order.customer_info).toEqual([]);
    // A real pair (an emoji) is text like any other.
    const emoji = await call(
      'PUT',
      `${SITE_PATH}/orders/${token}`,
      `{"customer_info":[${EMAIL},{"key":"fullname","value":"Hanako \\ud83c\\udfab"}]}`,
    );
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().customer_info).toContainEqual({ key: 'fullname', value: 'Hanako 🎫' });
  });

  it("refuses a select value that is not one of the site's options, and stores nothing", async () => {
    const { token } = await heldOrder();
    const put = (key: string, value: string) =>
      call(
        'PUT',
        `${SITE_PATH}/orders/${token}`,
        JSON.stringify({
          customer_info: [
            { key: 'email', value: 'hanako@example.jp' },
            { key: 'fullname', value: 'Hanako' },
            { key, value },
          ],
        }),
      );
    for (const [key, value] of [
      ['gender', '<script>alert(1)</script>'],
      ['age', '20-25'],
      ['resident_area', 'atlantis'],
      ['questionnaire1', 'a billboard I made up'],
    ]) {
      const res = await put(key!, value!);
      expect(res.statusCode, `${key}=${value}`).toBe(400);
      expect(res.json().error).toBe('invalid request');
    }
    expect((await call('GET', `${SITE_PATH}/orders/${token}`)).json().customer_info).toEqual([]);
    // The options DEMO offers (its option lists age_decades, gender_binary, prefectures, heard_about_us).
    for (const [key, value] of [
      ['gender', 'woman'],
      ['age', '20-29'],
      ['resident_area', 'hokkaido'],
      ['questionnaire1', 'sns'],
    ]) {
      const res = await put(key!, value!);
      expect(res.statusCode, `${key}=${value}`).toBe(200);
      expect(res.json().customer_info).toContainEqual({ key, value });
    }
  });

  it('cancels on DELETE /orders/{id} sent with a JSON content type and no body', async () => {
    const { slot, token } = await heldOrder(2);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(2);
    const res = await call('DELETE', `${SITE_PATH}/orders/${token}`, '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ order_token: token, status: 'cancelled' });
    expect(await heldOf(ctx.db, slot.spanId)).toBe(0);
  });

  it('still refuses an empty JSON body where a body is required', async () => {
    const { token } = await heldOrder();
    const res = await call('PUT', `${SITE_PATH}/orders/${token}`, '');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid request');
  });
});

describe('money and add-ons', () => {
  it('holds an order whose price passes 2^31 (money columns are bigint)', async () => {
    const slot = await productWithSlot(ctx.db, 10, { prices: [2_000_000_000] });
    const res = await postOrder(ctx.app, orderBody(slot, 2));
    expect(res.statusCode).toBe(201);
    expect(res.json().price).toBe(4_000_000_000);
    const order = await call('GET', `${SITE_PATH}/orders/${res.json().order_token}`);
    expect(order.json().price).toBe(4_000_000_000);
  });

  it('bounds each add-on by the ticket count: 1 ticket with 1 000 audio guides is refused', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const guide = await createSetProduct(ctx.db, {
      site: 'DEMO',
      name: 'Audio guide',
      price: 500,
      productIds: [slot.id],
    });
    const withGuides = (tickets: number, guides: number) =>
      postOrder(
        ctx.app,
        orderBody(slot, tickets, { set_products: [{ set_product_uuid: guide, quantity: guides }] }),
      );
    const refused = await withGuides(1, 1000);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid request');
    expect((await withGuides(1, 2)).statusCode).toBe(400);
    const accepted = await withGuides(2, 2);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().price).toBe(2 * 3000 + 2 * 500);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(2);
  });
});
