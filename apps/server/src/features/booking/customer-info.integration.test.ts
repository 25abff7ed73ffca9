import { beforeAll, describe, expect, it } from 'vitest';
import { NO_SEND_VALUE } from '@kippu/contract';
import { setupTestApp, xsrfHeaders } from '../../../test/helper.ts';
import { orders } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';
import { SITE_PATH, orderBody, postOrder, productWithSlot } from '../../../test/order-support.ts';

const TEMPLATES: [string, 'text' | 'select', boolean, boolean][] = [
  ['fullname', 'text', true, true],
  ['email', 'text', true, true],
  ['phone', 'text', true, false],
  ['gender', 'select', true, false],
  ['age', 'select', true, false],
  ['resident_area', 'select', true, false],
  ['mail_magazine', 'text', true, false],
  ['teamlab_mail_magazine', 'text', true, false],
  ['address', 'text', false, false],
  ['questionnaire1', 'text', false, true],
];

const GOOD = [
  { key: 'fullname', value: 'Hanako Yamada' },
  { key: 'email', value: 'hanako@example.jp' },
  { key: 'phone', value: '03-1234-5678' },
  { key: 'gender', value: NO_SEND_VALUE },
  { key: 'age', value: '20-29' },
  { key: 'resident_area', value: NO_SEND_VALUE },
  { key: 'mail_magazine', value: true },
  { key: 'teamlab_mail_magazine', value: 'false' },
  { key: 'address', value: 'Not displayed, so not kept' },
  { key: 'questionnaire1', value: 'hidden' },
  { key: 'unknown_field', value: 'dropped' },
];

describe('PUT /orders/{id}', () => {
  const ctx = setupTestApp();
  let slot: Awaited<ReturnType<typeof productWithSlot>>;

  beforeAll(async () => {
    slot = await productWithSlot(ctx.db, 100);
    await ctx.db.$client.query("DELETE FROM field_templates WHERE site_code = 'DEMO'");
    for (const [position, [name, type, display, require]] of TEMPLATES.entries()) {
      await ctx.db.$client.query(
        `INSERT INTO field_templates (site_code, field_name, field_type, is_display, is_require, position)
         VALUES ('DEMO', $1, $2, $3, $4, $5)`,
        [name, type, display, require, position],
      );
    }
  });

  const newOrder = async () => (await postOrder(ctx.app, orderBody(slot))).json().order_token as string;
  const put = (token: string, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: `${SITE_PATH}/orders/${token}`,
      headers: xsrfHeaders(),
      payload: payload as object,
    });
  const statusOf = async (token: string) =>
    (await ctx.db.select().from(orders).where(eq(orders.orderToken, token)))[0]!;
  /** DEMO confirms e-mail addresses by mail (isMailConfirm, ADR 020); some tests need a site that does not. */
  const setMailConfirm = (on: boolean) =>
    ctx.db.$client.query(
      `UPDATE sites SET settings = jsonb_set(settings, '{isMailConfirm}', to_jsonb($1::boolean)) WHERE code = 'DEMO'`,
      [on],
    );

  it('keeps displayed fields only, drops no-send selects, stores mail magazines as text', async () => {
    await setMailConfirm(false);
    try {
      const token = await newOrder();
      const res = await put(token, { customer_info: GOOD });
      expect(res.statusCode).toBe(200);
      const expected = [
        { key: 'fullname', value: 'Hanako Yamada' },
        { key: 'email', value: 'hanako@example.jp' },
        { key: 'phone', value: '03-1234-5678' },
        { key: 'age', value: '20-29' },
        { key: 'mail_magazine', value: 'true' },
        { key: 'teamlab_mail_magazine', value: 'false' },
      ];
      expect(res.json()).toEqual({ order_token: token, status: 'ready_checkout', customer_info: expected });
      const stored = await statusOf(token);
      expect(stored.status).toBe('ready_checkout');
      expect(stored.customerInfo).toEqual(expected);
      const shown = await ctx.app.inject({ method: 'GET', url: `${SITE_PATH}/orders/${token}` });
      expect(shown.json().customer_info).toEqual(expected);
      expect(shown.json().status).toBe('ready_checkout');
    } finally {
      await setMailConfirm(true);
    }
  });

  it('on a mail-confirm site stores the info and leaves the order holding for the mailed link', async () => {
    const token = await newOrder();
    const res = await put(token, { customer_info: GOOD });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('holding');
    expect((await statusOf(token)).status).toBe('holding');
    expect((await statusOf(token)).customerInfo).toContainEqual({ key: 'email', value: 'hanako@example.jp' });
  });

  const bad: [string, { key: string; value: string | boolean }[], number, string][] = [
    ['an invalid email', [{ key: 'email', value: 'not-an-email' }], 400, 'invalid email address'],
    [
      'a local part over 64',
      [{ key: 'email', value: `${'a'.repeat(65)}@example.jp` }],
      400,
      'invalid email address',
    ],
    [
      'a domain over 254',
      [{ key: 'email', value: `a@${'b'.repeat(250)}.com` }],
      400,
      'invalid email address',
    ],
    ['a missing required name', [{ key: 'fullname', value: '   ' }], 400, 'invalid request'],
    ['a short phone', [{ key: 'phone', value: '12345678' }], 400, 'invalid request'],
    ['a phone with letters', [{ key: 'phone', value: '03-ABCD-5678' }], 400, 'invalid request'],
    ['a name over 100 characters', [{ key: 'fullname', value: 'x'.repeat(101) }], 400, 'invalid request'],
    [
      'a mail magazine that is not true/false',
      [{ key: 'mail_magazine', value: 'yes' }],
      400,
      'invalid request',
    ],
  ];
  it.each(bad)('refuses %s', async (_name, patch, status, error) => {
    const token = await newOrder();
    const info = GOOD.filter((entry) => !patch.some((p) => p.key === entry.key)).concat(patch);
    const res = await put(token, { customer_info: info });
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(error);
    expect((await statusOf(token)).status).toBe('holding');
  });

  it('refuses a required field that is missing entirely', async () => {
    const token = await newOrder();
    const res = await put(token, { customer_info: GOOD.filter((e) => e.key !== 'email') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid request' });
  });

  it('accepts a 9 to 12 digit phone and the longest valid email', async () => {
    const token = await newOrder();
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.example.jp`;
    const info = GOOD.map((e) =>
      e.key === 'phone'
        ? { key: 'phone', value: '090123456789' }
        : e.key === 'email'
          ? { key: 'email', value: email }
          : e,
    );
    const res = await put(token, { customer_info: info });
    expect(res.statusCode).toBe(200);
  });

  it('refuses malformed bodies and unknown tokens', async () => {
    const token = await newOrder();
    expect((await put(token, {})).statusCode).toBe(400);
    expect((await put(token, { customer_info: 'x' })).statusCode).toBe(400);
    const unknown = await put('unknown-token', { customer_info: GOOD });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'record not found' });
    // The order is looked up before the form is checked: an unknown token says so whatever the form holds.
    const unknownWithPartForm = await put('unknown-token', { customer_info: GOOD.slice(0, 1) });
    expect(unknownWithPartForm.json()).toEqual({ error: 'record not found' });
  });

  it('answers session_timeout for an expired order and leaves it untouched', async () => {
    const token = await newOrder();
    await ctx.db.$client.query(
      "UPDATE orders SET expires_at = now() - interval '1 second' WHERE order_token = $1",
      [token],
    );
    const res = await put(token, { customer_info: GOOD });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: 'session_timeout' });
    expect((await statusOf(token)).status).toBe('holding');
  });
});
