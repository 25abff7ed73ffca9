import { beforeAll, describe, expect, it } from 'vitest';
import { boxOfficeProductsSchema, boxOfficeSaleSchema } from '@kippu/contract/console/box-office-schemas';
import { setupTestApp } from '../../../../test/helper.ts';
import { orderBody } from '../../../../test/order-support.ts';
import { signedIn, twoOrganisations, type ConsoleAs } from '../operations/operations-test-support.ts';
import { counterSlot, saleBody, sell, stock, visitorOrder } from './box-office-test-support.ts';

const ctx = setupTestApp();
let owner: ConsoleAs;
let boxOffice: ConsoleAs;
let gate: ConsoleAs;

beforeAll(async () => {
  const orgs = await twoOrganisations(ctx.db, 'box-office');
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
  boxOffice = await signedIn(ctx.app, ctx.db, orgs.a, 'boxOffice', ['DEMO']);
  gate = await signedIn(ctx.app, ctx.db, orgs.a, 'gate', ['DEMO']);
});

const query = async <T>(text: string, values: unknown[]) =>
  (await ctx.db.$client.query(text, values)).rows as T[];

describe('a sale at the box office (channel pos)', () => {
  it('sells the running slot for cash with the change, which the web refuses', async () => {
    const slot = await counterSlot(ctx.db, 10, { startedMinutesAgo: 10 });
    const web = await visitorOrder(ctx.app, orderBody(slot, 1));
    expect(web.statusCode).toBe(409);
    expect(web.json()).toEqual({ error: 'ticket not on sale now' });

    const listed = boxOfficeProductsSchema.parse(
      (await boxOffice.get('/sites/DEMO/box-office/products')).json(),
    );
    const product = listed.products.find((p) => p.product_uuid === slot.uuid)!;
    expect(product.slots).toEqual([
      expect.objectContaining({ time_span_id: slot.spanId, on_sale: true, available: 10 }),
    ]);
    expect(listed.payment_methods).toEqual(['cash', 'card_terminal', 'free']);

    const res = await sell(boxOffice, saleBody(slot, { method: 'cash', received: 5000 }));
    expect(res.statusCode).toBe(200);
    const sale = boxOfficeSaleSchema.parse(res.json());
    expect(sale.receipt).toMatchObject({ total: 2300, received: 5000, change: 2700, payment_method: 'cash' });
    expect(sale.receipt.taxes).toEqual([{ rate_percent: 10, amount: 2300, tax: 209 }]);
    expect(sale.receipt.receipt_number).not.toBe('');
    expect(sale.tickets).toHaveLength(2);
    expect(sale.tickets.every((t) => t.qr.startsWith('K1.'))).toBe(true);
    expect(await stock(ctx.db, slot.spanId)).toMatchObject({ held: 0, sold: 2 });

    const [order] = await query<{ channel: string; status: string; method: string; change: number }>(
      `SELECT o.channel, o.status, p.method, b.change FROM box_office_sales b JOIN orders o ON o.id = b.order_id
       JOIN payments p ON p.order_id = o.id WHERE o.time_span_id = $1`,
      [slot.spanId],
    );
    expect(order).toEqual({ channel: 'pos', status: 'reserved', method: 'cash', change: 2700 });
    const audit = await query<{ staff_id: number }>(
      `SELECT actor_staff_id AS staff_id FROM audit_events WHERE action = 'box_office_sale'
       AND object_id = (SELECT id::text FROM orders WHERE time_span_id = $1)`,
      [slot.spanId],
    );
    expect(audit).toEqual([{ staff_id: boxOffice.staffId }]);
  });

  it('refuses cash short of the total and gives the hold back', async () => {
    const slot = await counterSlot(ctx.db, 10, { startedMinutesAgo: 5 });
    const res = await sell(owner, saleBody(slot, { method: 'cash', received: 2299 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'console cash short' });
    expect(await stock(ctx.db, slot.spanId)).toMatchObject({ held: 0, sold: 0 });
    expect(
      await query(`SELECT 1 FROM orders WHERE time_span_id = $1 AND status = 'reserved'`, [slot.spanId]),
    ).toEqual([]);
  });

  it('records the card terminal approval number with the payment', async () => {
    const slot = await counterSlot(ctx.db, 10);
    const res = await sell(owner, saleBody(slot, { method: 'card_terminal', approval_number: 'A-778812' }));
    expect(res.statusCode).toBe(200);
    expect(boxOfficeSaleSchema.parse(res.json()).receipt).toMatchObject({
      payment_method: 'card_terminal',
      approval_number: 'A-778812',
      received: null,
      change: null,
    });
    const [payment] = await query<{ method: string; events: string }>(
      `SELECT p.method, p.provider_events::text AS events FROM payments p JOIN orders o ON o.id = p.order_id
       WHERE o.time_span_id = $1`,
      [slot.spanId],
    );
    expect(payment!.method).toBe('card_terminal');
    expect(payment!.events).toContain('A-778812');
  });

  it('sells once for a double click (the same idempotency key twice at once)', async () => {
    const slot = await counterSlot(ctx.db, 10, { startedMinutesAgo: 1 });
    const body = saleBody(slot, { method: 'cash', received: 10000 });
    const [first, second] = await Promise.all([sell(boxOffice, body), sell(boxOffice, body)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const a = boxOfficeSaleSchema.parse(first.json());
    const b = boxOfficeSaleSchema.parse(second.json());
    expect(b.reservation_number).toBe(a.reservation_number);
    expect(b.receipt.receipt_number).toBe(a.receipt.receipt_number);
    expect(await stock(ctx.db, slot.spanId)).toMatchObject({ held: 0, sold: 2 });
    expect(await query(`SELECT id FROM orders WHERE time_span_id = $1`, [slot.spanId])).toHaveLength(1);
    const again = await sell(boxOffice, body);
    expect(boxOfficeSaleSchema.parse(again.json()).reservation_number).toBe(a.reservation_number);
    // The same key for another sale is refused, never answered with the first sale.
    const other = await sell(boxOffice, { ...body, payment: { method: 'cash', received: 20000 } });
    expect(other.statusCode).toBe(400);
  });

  it('never oversells a slot under concurrent counter sales and web holds', async () => {
    const slot = await counterSlot(ctx.db, 5);
    const counter = Array.from({ length: 6 }, () =>
      sell(
        boxOffice,
        saleBody(
          slot,
          { method: 'cash', received: 3000 },
          {
            lines: [{ option_value_id: slot.optionValueIds[0], quantity: 1 }],
          },
        ),
      ),
    );
    const web = Array.from({ length: 6 }, () => visitorOrder(ctx.app, orderBody(slot, 1)));
    const answers = await Promise.all([...counter, ...web]);
    const sold = answers.slice(0, 6).filter((r) => r.statusCode === 200).length;
    const held = answers.slice(6).filter((r) => r.statusCode === 201).length;
    expect(sold + held).toBe(5);
    expect(answers.filter((r) => r.statusCode !== 200 && r.statusCode !== 201).map((r) => r.json())).toEqual(
      Array.from({ length: 7 }, () => ({ error: 'out of stock' })),
    );
    expect(await stock(ctx.db, slot.spanId)).toEqual({ held, sold, capacity: 5 });
  });

  it('refuses a pos order from a web client and a kiosk order without a kiosk', async () => {
    const slot = await counterSlot(ctx.db, 10);
    for (const channel of ['pos', 'kiosk', 'spot', 'OTA']) {
      const res = await visitorOrder(ctx.app, orderBody(slot, 1, { channel }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid channel' });
    }
    expect((await visitorOrder(ctx.app, orderBody(slot, 1, { channel: 'web' }))).statusCode).toBe(201);
  });

  it('is the orders area: gate staff get 404, the box office role sells', async () => {
    const slot = await counterSlot(ctx.db, 10);
    expect((await gate.get('/sites/DEMO/box-office/products')).statusCode).toBe(404);
    expect((await sell(gate, saleBody(slot, { method: 'cash', received: 5000 }))).statusCode).toBe(404);
    expect((await gate.get('/sites/DEMO/kiosk-devices')).statusCode).toBe(404);
    // Another site than the member's.
    expect((await boxOffice.get('/sites/ARTIZON/box-office/products')).statusCode).toBe(404);
    expect((await sell(boxOffice, saleBody(slot, { method: 'cash', received: 5000 }))).statusCode).toBe(200);
  });

  it('mails the tickets only when asked, to the address given', async () => {
    const slot = await counterSlot(ctx.db, 10);
    const visitor = { email: 'walkin@example.com', name: 'Walk In' };
    const quiet = await sell(owner, saleBody(slot, { method: 'cash', received: 5000 }, { visitor }));
    const mailed = await sell(
      owner,
      saleBody(slot, { method: 'cash', received: 5000 }, { visitor, send_mail: true }),
    );
    expect(boxOfficeSaleSchema.parse(quiet.json()).mail_queued).toBe(false);
    expect(boxOfficeSaleSchema.parse(mailed.json()).mail_queued).toBe(true);
    const mails = await query<{ n: number }>(
      `SELECT count(*) AS n FROM mail_outbox WHERE to_address = 'walkin@example.com' AND kind = 'purchase_confirmation'`,
      [],
    );
    expect(mails).toEqual([{ n: 1 }]);
    const noAddress = await sell(
      owner,
      saleBody(slot, { method: 'cash', received: 5000 }, { send_mail: true }),
    );
    expect(noAddress.statusCode).toBe(400);
  });
});
