import { beforeAll, describe, expect, it } from 'vitest';
import { reportAnswerSchema } from '@kippu/contract/console/reports-schemas';
import { setupTestApp } from '../../../../test/helper.ts';
import { readyOrder } from '../../../../test/checkout-support.ts';
import { productWithSlot } from '../../../../test/order-support.ts';
import { payOrderOnAccount } from '../../../domain/checkout/pay-on-account.ts';
import { signedIn, type ConsoleAs } from '../operations/operations-test-support.ts';

/**
 * The settlement's partners view (ADR 084) over a real on-account booking: a partner's OTA order paid through
 * `payOrderOnAccount` at its net price is what the partner owes; a visitor's order of the same slot is not.
 */
const ctx = setupTestApp();
let finance: ConsoleAs;
let partnerName: string;
let range: string;

beforeAll(async () => {
  const slot = await productWithSlot(ctx.db, 20, { prices: [2000, 1000] });
  const { rows: site } = await ctx.db.$client.query(`SELECT organisation_id FROM sites WHERE code = 'DEMO'`);
  const organisationId = Number(site[0].organisation_id);
  partnerName = `Settlement Travel ${process.pid}`;
  const { rows } = await ctx.db.$client.query(
    `INSERT INTO partners (organisation_id, name) VALUES ($1, $2) RETURNING id`,
    [organisationId, partnerName],
  );
  const partnerId = Number(rows[0].id);
  await ctx.db.$client.query(
    `INSERT INTO partner_net_prices (partner_id, ticket_type_id, net_price_yen) VALUES ($1, $2, 1700)`,
    [partnerId, slot.optionValueIds[0]],
  );
  const order = await readyOrder(ctx.app, ctx.db, slot, 2, 'guest@partner.example', {
    option_values: [{ option_value_id: slot.optionValueIds[0], quantity: 2 }],
  });
  // What partner bookings does for its orders: channel OTA, the partner named.
  await ctx.db.$client.query(`UPDATE orders SET channel = 'OTA', partner_id = $2 WHERE id = $1`, [
    order.id,
    partnerId,
  ]);
  const paid = await payOrderOnAccount(ctx.app.checkoutDeps, 'DEMO', order.token, partnerId);
  expect(paid).toMatchObject({ status: 'reserved' });
  // The Tokyo days around the payment (the database's clock), so a run near midnight still finds it.
  const { rows: days } = await ctx.db.$client.query(
    `SELECT to_char((now() AT TIME ZONE 'Asia/Tokyo')::date - 1, 'YYYY-MM-DD') AS from_day,
            to_char((now() AT TIME ZONE 'Asia/Tokyo')::date + 1, 'YYYY-MM-DD') AS to_day`,
  );
  range = `from=${days[0].from_day}&to=${days[0].to_day}`;
  finance = await signedIn(ctx.app, ctx.db, organisationId, 'finance', 'all');
});

describe('settlement partners view', () => {
  it('shows what a partner owes for its on-account booking, at net price', async () => {
    const res = await finance.get(`/sites/DEMO/reports/settlement?view=partners&${range}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = reportAnswerSchema.parse(res.json());
    expect(answer.columns.map((column) => column.key)).toEqual([
      'partner',
      'bookings',
      'tickets',
      'sales',
      'refunds',
      'owed',
    ]);
    // 2 × ¥1,700 net, not the visitor's 2 × ¥2,000.
    expect(answer.rows.filter((row) => row.partner === partnerName)).toEqual([
      { partner: partnerName, bookings: 1, tickets: 2, sales: 3400, refunds: 0, owed: 3400 },
    ]);
  });
});
