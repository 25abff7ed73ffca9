import { beforeAll, describe, expect, it } from 'vitest';
import { reportAnswerSchema, reportSchedulesAnswerSchema } from '@kippu/contract/console/reports-schemas';
import { setupTestApp } from '../../../../test/helper.ts';
import {
  createCoupon,
  createProduct,
  createTimeSpan,
  type ProductFixture,
} from '../../../../test/factories.ts';
import { queueDailySettlements } from '../../../domain/reports/daily-settlement-mails.ts';
import { renderMail } from '../../../domain/mail/templates/render-mail.ts';
import type { OutboxMail } from '../../../domain/mail/mail-kinds.ts';
import {
  signedIn,
  twoOrganisations,
  type ConsoleAs,
  type Organisations,
} from '../operations/operations-test-support.ts';
import { paidOrder, refunded, unzip, type PaidOrder } from './reports-test-support.ts';

const ctx = setupTestApp();
let orgs: Organisations;
let finance: ConsoleAs;
let marketing: ConsoleAs;
let gate: ConsoleAs;
let owner: ConsoleAs;
let demo: ProductFixture;
let card: PaidOrder;
let paypay: PaidOrder;
let cash: PaidOrder;
let earlier: PaidOrder;
let artizon: PaidOrder;
const methodNames = new Map<string, string>();

const DAY = '2030-05-10';
const notFound = { error: 'record not found' };

const answer = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return reportAnswerSchema.parse(res.json());
};

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'reports');
  finance = await signedIn(ctx.app, ctx.db, orgs.a, 'finance', 'all');
  marketing = await signedIn(ctx.app, ctx.db, orgs.a, 'marketing', ['DEMO']);
  gate = await signedIn(ctx.app, ctx.db, orgs.a, 'gate', 'all');
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
  demo = await createProduct(ctx.db, { site: 'DEMO', prices: [3000, 1000] });
  const slot = await createTimeSpan(ctx.db, {
    productId: demo.id,
    capacity: 50,
    startsAt: new Date('2030-05-20T01:00:00Z'),
  });
  const coupon = await createCoupon(ctx.db, { code: `SPRING${process.pid}`, siteCode: 'DEMO' });
  const base = { site: 'DEMO', productId: demo.id, timeSpanId: slot };
  const adult = { ...base, optionValueId: demo.optionValueIds[0]!, unitPrice: 3000 };
  // Card, two adults, in the morning; a PayPay-like wallet 10 minutes after midnight Tokyo (still the 9th in
  // UTC) with a coupon; cash at the box office late at night; and a card payment a minute before midnight of
  // the day before.
  card = await paidOrder(ctx.db, { ...adult, quantity: 2, method: 'gmo', paidAt: `${DAY}T09:00:00+09:00` });
  paypay = await paidOrder(ctx.db, {
    ...adult,
    quantity: 1,
    method: 'gmo_paypay',
    paidAt: `${DAY}T00:10:00+09:00`,
    discount: 300,
    couponId: coupon,
  });
  cash = await paidOrder(ctx.db, {
    ...base,
    optionValueId: demo.optionValueIds[1]!,
    unitPrice: 1000,
    quantity: 1,
    method: 'cash',
    channel: 'pos',
    paidAt: `${DAY}T23:50:00+09:00`,
    providerReference: null,
  });
  earlier = await paidOrder(ctx.db, {
    ...adult,
    quantity: 1,
    method: 'gmo',
    paidAt: '2030-05-09T23:59:00+09:00',
  });
  await refunded(
    ctx.db,
    { ...card, site: 'DEMO' },
    {
      ticketIds: [card.ticketIds[0]!],
      amount: 3000,
      at: `${DAY}T15:00:00+09:00`,
    },
  );
  const other = await createProduct(ctx.db, { site: 'ARTIZON', prices: [2000] });
  const otherSlot = await createTimeSpan(ctx.db, { productId: other.id, capacity: 10 });
  artizon = await paidOrder(ctx.db, {
    site: 'ARTIZON',
    productId: other.id,
    timeSpanId: otherSlot,
    optionValueId: other.optionValueIds[0]!,
    unitPrice: 2000,
    quantity: 1,
    method: 'stripe',
    paidAt: `${DAY}T12:00:00+09:00`,
  });
  const { rows } = await ctx.db.$client.query(
    `SELECT method, names ->> 'en' AS name FROM payment_method_types`,
  );
  for (const row of rows) methodNames.set(row.method, row.name);
});

describe('settlement', () => {
  it('adds up by Tokyo day of payment and of refund, per method and gateway, listing the payment numbers', async () => {
    const report = answer(await finance.get(`/sites/DEMO/reports/settlement?from=${DAY}&to=${DAY}`));
    // One day of one site: the money per method as bars (the console draws it; acceptance 1).
    expect(report.chart).toEqual({ kind: 'bar', x: 'method', series: ['sales', 'refunds', 'net'] });
    expect(report.columns.map((c) => c.key)).toEqual([
      'day',
      'method',
      'gateway',
      'sales',
      'sales_count',
      'refunds',
      'refunds_count',
      'net',
      'payment_numbers',
    ]);
    expect(report.rows).toEqual([
      {
        day: DAY,
        method: methodNames.get('cash') ?? 'cash',
        gateway: 'counter',
        sales: 1000,
        sales_count: 1,
        refunds: 0,
        refunds_count: 0,
        net: 1000,
        payment_numbers: cash.paymentNumber,
      },
      {
        day: DAY,
        method: methodNames.get('gmo') ?? 'gmo',
        gateway: 'gmo',
        sales: 6000,
        sales_count: 1,
        refunds: 3000,
        refunds_count: 1,
        net: 3000,
        payment_numbers: card.paymentNumber,
      },
      {
        day: DAY,
        method: methodNames.get('gmo_paypay') ?? 'gmo_paypay',
        gateway: 'gmo',
        sales: 2700,
        sales_count: 1,
        refunds: 0,
        refunds_count: 0,
        net: 2700,
        payment_numbers: paypay.paymentNumber,
      },
    ]);
    expect(report.totals).toMatchObject({
      sales: 9700,
      sales_count: 3,
      refunds: 3000,
      refunds_count: 1,
      net: 6700,
    });
    expect(report.filters).toMatchObject({ from: DAY, to: DAY, view: 'summary', site: 'DEMO' });
    expect(report.truncated).toBe(false);

    const before = answer(await finance.get('/sites/DEMO/reports/settlement?from=2030-05-09&to=2030-05-09'));
    expect(before.rows).toEqual([expect.objectContaining({ day: '2030-05-09', sales: 3000, net: 3000 })]);
    expect(before.rows[0]!.payment_numbers).toBe(earlier.paymentNumber);
  });

  it("lists each payment and refund with the gateway's own id, refunds negative, adding up to the net", async () => {
    const report = answer(
      await finance.get(`/sites/DEMO/reports/settlement?view=payments&from=${DAY}&to=${DAY}`),
    );
    expect(report.rows.map((row) => [row.kind, row.payment_number, row.amount])).toEqual([
      ['payment', paypay.paymentNumber, 2700],
      ['payment', card.paymentNumber, 6000],
      ['refund', card.paymentNumber, -3000],
      ['payment', cash.paymentNumber, 1000],
    ]);
    expect(report.rows[1]).toMatchObject({
      reservation_number: card.reservationNumber,
      order_id: card.orderId,
    });
    expect(String(report.rows[1]!.gateway_reference)).toMatch(/^GW/);
    expect(String(report.rows[2]!.gateway_reference)).toMatch(/^GWR/);
    expect(report.rows[0]!.at).toBe(`${DAY}T00:10:00+09:00`);
    const sum = report.rows.reduce((total, row) => total + Number(row.amount), 0);
    expect(sum).toBe(6700);
  });

  it('is narrowed by method', async () => {
    const report = answer(
      await finance.get(`/sites/DEMO/reports/settlement?from=${DAY}&to=${DAY}&method=cash`),
    );
    expect(report.rows.map((row) => row.gateway)).toEqual(['counter']);
  });

  it("answers the organisation's covered sites with a site column, and 404 for another organisation's site", async () => {
    const report = answer(await finance.get(`/reports/settlement?from=${DAY}&to=${DAY}`));
    expect(report.columns.map((c) => c.key)).toContain('site');
    // Several sites would put one method under several bars: the table answers alone.
    expect(report.chart).toBeNull();
    expect(report.rows.map((row) => [row.site, row.gateway, row.sales])).toEqual(
      expect.arrayContaining([
        ['DEMO', 'counter', 1000],
        ['ARTIZON', 'stripe', 2000],
      ]),
    );
    expect(report.totals).toMatchObject({ sales: 11_700, net: 8700 });
    const narrowed = answer(await finance.get(`/reports/settlement?from=${DAY}&to=${DAY}&site=ARTIZON`));
    expect(narrowed.rows.map((row) => row.payment_numbers)).toEqual([artizon.paymentNumber]);

    const okinawa = await finance.get(`/sites/OKINAWA/reports/settlement?from=${DAY}&to=${DAY}`);
    expect(okinawa.statusCode).toBe(404);
    expect(okinawa.json()).toEqual(notFound);
    expect((await finance.get(`/reports/settlement?site=OKINAWA`)).statusCode).toBe(404);
    expect((await finance.get(`/sites/OKINAWA/reports/settlement/export?format=csv`)).statusCode).toBe(404);
  });

  it('refuses a range that ends before it starts or spans more than a year', async () => {
    expect(
      (await finance.get('/sites/DEMO/reports/settlement?from=2030-05-10&to=2030-05-01')).statusCode,
    ).toBe(400);
    expect(
      (await finance.get('/sites/DEMO/reports/settlement?from=2029-01-01&to=2030-05-01')).statusCode,
    ).toBe(400);
    expect((await finance.get('/sites/DEMO/reports/settlement?from=10-05-2030')).statusCode).toBe(400);
    expect((await finance.get('/sites/DEMO/reports/settlement?from=2030-02-30')).statusCode).toBe(400);
  });
});

describe('sales', () => {
  it('by day: orders sold by Tokyo day, refunds on their reservations, and a line chart', async () => {
    const report = answer(await finance.get('/sites/DEMO/reports/sales?from=2030-05-09&to=2030-05-10'));
    expect(report.rows).toEqual([
      { day: '2030-05-09', orders: 1, tickets: 1, sales: 3000, discount: 0, refunds: 0, net: 3000 },
      { day: DAY, orders: 3, tickets: 4, sales: 9700, discount: 300, refunds: 3000, net: 6700 },
    ]);
    expect(report.chart).toEqual({ kind: 'line', x: 'day', series: ['sales', 'net'] });
  });

  it('by channel, ticket type and coupon', async () => {
    const channels = answer(
      await marketing.get(`/sites/DEMO/reports/sales?group=channel&from=${DAY}&to=${DAY}`),
    );
    expect(channels.rows.map((row) => [row.channel, row.orders, row.sales])).toEqual([
      ['pos', 1, 1000],
      ['web', 2, 8700],
    ]);
    const types = answer(
      await marketing.get(`/sites/DEMO/reports/sales?group=ticket_type&from=${DAY}&to=${DAY}`),
    );
    expect(
      types.rows.map((row) => [row.ticket_type, row.orders, row.tickets, row.sales, row.refunds]),
    ).toEqual([
      ['Ticket 0 (en)', 2, 3, 9000, 3000],
      ['Ticket 1 (en)', 1, 1, 1000, 0],
    ]);
    const coupons = answer(
      await marketing.get(`/sites/DEMO/reports/sales?group=coupon&from=${DAY}&to=${DAY}`),
    );
    expect(coupons.rows.map((row) => [row.coupon, row.orders, row.sales, row.discount])).toEqual([
      [null, 2, 7000, 0],
      [`SPRING${process.pid}`, 1, 2700, 300],
    ]);
  });
});

describe('attendance', () => {
  it('per slot: capacity, expected, entered, no-shows once the slot has ended, fill; a bar chart of fill', async () => {
    const past = await createTimeSpan(ctx.db, {
      productId: demo.id,
      capacity: 10,
      startsAt: new Date('2020-01-15T01:00:00Z'),
    });
    const visit = await paidOrder(ctx.db, {
      site: 'DEMO',
      productId: demo.id,
      timeSpanId: past,
      optionValueId: demo.optionValueIds[0]!,
      unitPrice: 3000,
      quantity: 2,
      method: 'gmo',
      paidAt: '2020-01-10T10:00:00+09:00',
    });
    await ctx.db.$client.query(`UPDATE tickets SET status = 'used', checked_in_at = now() WHERE id = $1`, [
      visit.ticketIds[0],
    ]);
    const report = answer(await finance.get('/sites/DEMO/reports/attendance?from=2020-01-15&to=2020-01-15'));
    expect(report.rows).toEqual([
      {
        slot: '2020-01-15 10:00',
        product: 'Fixture product (en)',
        capacity: 10,
        expected: 2,
        entered: 1,
        no_shows: 1,
        fill: 20,
      },
    ]);
    expect(report.chart).toEqual({ kind: 'bar', x: 'slot', series: ['fill'] });
    const upcoming = answer(
      await finance.get('/sites/DEMO/reports/attendance?from=2030-05-20&to=2030-05-20'),
    );
    expect(upcoming.rows[0]).toMatchObject({ expected: 4, entered: 0, no_shows: null, fill: 8 });
  });
});

describe('date changes and the invoice register', () => {
  it("lists a completed change with its top-up; the change's order is no sale", async () => {
    const q = async (text: string, values: unknown[]) => (await ctx.db.$client.query(text, values)).rows;
    const later = await createTimeSpan(ctx.db, {
      productId: demo.id,
      capacity: 5,
      startsAt: new Date('2030-06-01T03:00:00Z'),
    });
    const [order] = await q(
      `INSERT INTO orders (order_token, site_code, channel, status, lang, product_id, time_span_id, quantity, price, expires_at)
       VALUES ($1, 'DEMO', 'web', 'reserved', 'ja', $2, $3, 1, 1500, now()) RETURNING id`,
      [`change-${process.pid}`, demo.id, later],
    );
    await q(
      `INSERT INTO order_events (order_id, from_status, to_status, reason, created_at)
       VALUES ($1, 'paying', 'reserved', 'paid', '2030-05-11T12:00:00+09:00')`,
      [order.id],
    );
    await q(
      `INSERT INTO payments (order_id, site_code, method, amount, status, payment_number, idempotency_key, confirmed_at)
       VALUES ($1, 'DEMO', 'gmo', 500, 'confirmed', $2, $2, '2030-05-11T12:00:00+09:00')`,
      [order.id, `TOPUP${process.pid}`],
    );
    const { rows: spans } = await ctx.db.$client.query(`SELECT time_span_id FROM orders WHERE id = $1`, [
      cash.orderId,
    ]);
    await q(
      `INSERT INTO time_changes (timechange_token, site_code, reservation_id, from_order_id, order_id, from_time_span_id,
         to_time_span_id, old_price, new_price, status, expires_at, completed_at)
       VALUES ($1, 'DEMO', $2, $3, $4, $5, $6, 1000, 1500, 'done', now(), '2030-05-11T12:00:00+09:00')`,
      [`tc-${process.pid}`, cash.reservationId, cash.orderId, order.id, spans[0].time_span_id, later],
    );
    const report = answer(
      await finance.get('/sites/DEMO/reports/date-changes?from=2030-05-11&to=2030-05-11'),
    );
    expect(report.rows).toEqual([
      {
        changed_at: '2030-05-11T12:00:00+09:00',
        reservation_number: cash.reservationNumber,
        product: 'Fixture product (en)',
        from_slot: '2030-05-20 10:00',
        to_slot: '2030-06-01 12:00',
        old_price: 1000,
        new_price: 1500,
        top_up: 500,
        method: methodNames.get('gmo') ?? 'gmo',
        payment_number: `TOPUP${process.pid}`,
      },
    ]);
    const sales = answer(await finance.get('/sites/DEMO/reports/sales?from=2030-05-11&to=2030-05-11'));
    expect(sales.rows).toEqual([]);
  });

  it('lists the receipts issued with the tax in their amount, as the receipt computes it', async () => {
    await ctx.db.$client.query(
      `INSERT INTO receipt_issues (reservation_id, addressee, issued_at) VALUES ($1, $2, '2030-05-10T10:00:00+09:00')`,
      [card.reservationId, '=HYPERLINK("http://x","株式会社テスト")'],
    );
    const report = answer(await finance.get(`/sites/DEMO/reports/invoice-register?from=${DAY}&to=${DAY}`));
    expect(report.rows).toEqual([
      expect.objectContaining({
        reservation_number: card.reservationNumber,
        tax_rate: 10,
        taxable: 6000,
        tax: 545,
        reissues: 0,
      }),
    ]);
    expect(String(report.rows[0]!.receipt_number)).toMatch(/^R\d{8}$/);
  });
});

describe('exports', () => {
  it('CSV: UTF-8 with a BOM, CRLF, Japanese headers, RFC 4180 quoting, formulas escaped in text only; audited', async () => {
    const res = await finance.get(
      `/sites/DEMO/reports/invoice-register/export?format=csv&lang=ja&from=${DAY}&to=${DAY}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="invoice-register-DEMO-${DAY}-${DAY}.csv"`,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('発行日時,領収書番号,予約番号,宛名,税率(%),対象額(税込),消費税額,再発行回数');
    expect(lines[1]).toContain(
      `,${card.reservationNumber},"'=HYPERLINK(""http://x"",""株式会社テスト"")",10,6000,545,0`,
    );
    expect(lines.at(-1)).toBe('');
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);

    const payments = await finance.get(
      `/sites/DEMO/reports/settlement/export?format=csv&lang=en&view=payments&from=${DAY}&to=${DAY}`,
    );
    const rows = payments.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(rows[0]).toBe(
      "Date and time,Kind,Payment method,Gateway,Payment number,Gateway's transaction id,Reservation number,Order id,Amount",
    );
    // A refund's negative amount is a number: never escaped.
    expect(rows.find((line) => line.includes(',Refund,'))).toMatch(/,-3000$/);

    const { rows: audits } = await ctx.db.$client.query(
      `SELECT after FROM audit_events WHERE object_type = 'report' AND action = 'exported' AND actor_staff_id = $1
       ORDER BY id`,
      [finance.staffId],
    );
    expect(audits[0].after).toMatchObject({
      report: 'invoice-register',
      format: 'csv',
      lang: 'ja',
      sites: ['DEMO'],
      from: DAY,
      to: DAY,
      filters: { from: DAY, to: DAY },
    });
    expect(audits[1].after).toMatchObject({ report: 'settlement', filters: { view: 'payments' } });
  });

  it('XLSX: a zip whose sheet has the headers as text and the figures as numbers', async () => {
    const res = await finance.get(
      `/sites/DEMO/reports/settlement/export?format=xlsx&lang=ja&from=${DAY}&to=${DAY}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const files = unzip(res.rawPayload);
    expect([...files.keys()]).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml']));
    const sheet = files.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<t>決済方法</t>');
    expect(sheet).toContain('<t>差引</t>');
    expect(sheet).toMatch(/<c r="D3" t="n"><v>6000<\/v><\/c>/);
    expect(sheet).toContain(`<t>${card.paymentNumber}</t>`);
    expect(sheet.match(/<row /g)).toHaveLength(4);
  });

  it('the organisation-wide export names the sites it covers', async () => {
    const res = await finance.get(`/reports/sales/export?format=csv&from=${DAY}&to=${DAY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="sales-all-${DAY}-${DAY}.csv"`);
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('日付,サイト,注文数,枚数,売上,割引,返金,差引');
    expect(lines).toEqual(expect.arrayContaining([`${DAY},ARTIZON,1,1,2000,0,0,2000`]));
  });
});

describe('permissions', () => {
  it('finance and marketing read reports; the gate role gets 404 for reports and exports', async () => {
    expect((await marketing.get(`/sites/DEMO/reports/attendance?from=${DAY}&to=${DAY}`)).statusCode).toBe(
      200,
    );
    // Marketing covers DEMO only: ARTIZON is not its to read.
    expect((await marketing.get(`/sites/ARTIZON/reports/sales`)).statusCode).toBe(404);
    const page = await gate.get(`/sites/DEMO/reports/settlement?from=${DAY}&to=${DAY}`);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual(notFound);
    expect((await gate.get(`/sites/DEMO/reports/settlement/export?format=csv`)).statusCode).toBe(404);
    expect((await gate.get(`/reports/settlement`)).statusCode).toBe(404);
    const { rows } = await ctx.db.$client.query(
      `SELECT count(*)::int AS n FROM audit_events WHERE object_type = 'report' AND actor_staff_id = $1`,
      [gate.staffId],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('the daily settlement mail', () => {
  it('is saved by reports write (finance chooses the recipients) among staff who read reports, versioned and audited', async () => {
    const read = reportSchedulesAnswerSchema.parse((await finance.get('/reports/schedules')).json());
    expect(read.daily_settlement).toEqual({
      enabled: false,
      recipient_staff_ids: [],
      site_codes: [],
      version: 0,
    });
    expect(read.candidates.map((c) => c.staff_id)).toContain(finance.staffId);
    expect(read.candidates.map((c) => c.staff_id)).not.toContain(gate.staffId);

    const body = (ids: number[], version: number) => ({
      daily_settlement: {
        enabled: true,
        recipient_staff_ids: ids,
        site_codes: [],
        expected_version: version,
      },
    });
    // Marketing reads reports only: it may not choose who gets the settlement.
    expect((await marketing.put('/reports/schedules', body([finance.staffId], 0))).statusCode).toBe(404);
    expect((await owner.put('/reports/schedules', body([gate.staffId], 0))).statusCode).toBe(400);
    const saved = await finance.put('/reports/schedules', body([finance.staffId, marketing.staffId], 0));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(reportSchedulesAnswerSchema.parse(saved.json()).daily_settlement).toMatchObject({
      enabled: true,
      recipient_staff_ids: [finance.staffId, marketing.staffId].sort((a, b) => a - b),
      version: 1,
    });
    expect((await owner.put('/reports/schedules', body([finance.staffId], 0))).statusCode).toBe(409);
    const { rows } = await ctx.db.$client.query(
      `SELECT count(*)::int AS n FROM audit_events WHERE object_type = 'report_schedule' AND action = 'updated'`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('mails each recipient once per day, with the figures of the sites they cover, even with two runners', async () => {
    const [first, second] = await Promise.all([
      queueDailySettlements(ctx.db, ctx.env, { day: DAY }),
      queueDailySettlements(ctx.db, ctx.env, { day: DAY }),
    ]);
    expect(first + second).toBe(2);
    expect(await queueDailySettlements(ctx.db, ctx.env, { day: DAY })).toBe(0);
    const { rows } = await ctx.db.$client.query(
      `SELECT site_code, kind, to_address, lang, payload FROM mail_outbox WHERE kind = 'daily_settlement' ORDER BY id`,
    );
    expect(rows).toHaveLength(2);
    const byAddress = new Map(rows.map((row) => [row.to_address as string, row]));
    const { rows: staffRows } = await ctx.db.$client.query(`SELECT id, email FROM staff WHERE id = ANY($1)`, [
      [finance.staffId, marketing.staffId],
    ]);
    const emailOf = new Map(staffRows.map((row) => [Number(row.id), row.email as string]));
    const financeMail = byAddress.get(emailOf.get(finance.staffId)!)!;
    const marketingMail = byAddress.get(emailOf.get(marketing.staffId)!)!;
    // Finance covers every site (DEMO and ARTIZON moved money that day); marketing only DEMO.
    expect(financeMail.payload.rows.at(-1)).toEqual({
      label: 'Total',
      value: 'Sales ¥11,700 − refunds ¥3,000 = ¥8,700',
      strong: true,
    });
    expect(marketingMail.payload.rows.at(-1).value).toBe('Sales ¥9,700 − refunds ¥3,000 = ¥6,700');
    expect(marketingMail.payload.csv.content).not.toContain('ARTIZON');
    const rendered = renderMail(
      {
        kind: 'daily_settlement',
        siteCode: financeMail.site_code,
        to: financeMail.to_address,
        lang: 'en',
        payload: financeMail.payload,
      } as OutboxMail,
      { uidHost: 'kippu.test' },
    );
    expect(rendered.subject).toBe(`Daily settlement ${DAY}`);
    expect(rendered.text).toContain('Sales ¥11,700 − refunds ¥3,000 = ¥8,700');
    expect(rendered.attachments).toEqual([
      expect.objectContaining({ filename: `settlement-${DAY}.csv`, contentType: 'text/csv; charset=utf-8' }),
    ]);
    expect(rendered.attachments[0]!.content.startsWith('\uFEFFDay,Site,Payment method')).toBe(true);
  });
});
