import { beforeAll, describe, expect, it } from 'vitest';
import { boxOfficeSaleSchema } from '@kippu/contract/console/box-office-schemas';
import { setupTestApp } from '../../../../test/helper.ts';
import { signedIn, twoOrganisations, type ConsoleAs } from '../operations/operations-test-support.ts';
import { counterSlot, saleBody, sell, stock } from './box-office-test-support.ts';

/**
 * The box office sale's idempotency claim (review of issue 29, finding 13; ADR 080): a claim whose request
 * died before it recorded an order is taken over by a repeat, and a sale that fails after its hold gives the
 * hold back and forgets its claim, so the counter is never stuck on one key.
 */
const ctx = setupTestApp();
let boxOffice: ConsoleAs;

beforeAll(async () => {
  const orgs = await twoOrganisations(ctx.db, 'box-office-claims');
  boxOffice = await signedIn(ctx.app, ctx.db, orgs.a, 'boxOffice', ['DEMO']);
});

const query = async <T>(text: string, values: unknown[]) =>
  (await ctx.db.$client.query(text, values)).rows as T[];

const claims = (key: unknown) =>
  query<{ id: string; order_id: string | null }>(
    `SELECT id, order_id FROM box_office_sales WHERE site_code = 'DEMO' AND idempotency_key = $1`,
    [key],
  );

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the condition never held');
}

describe('a claim whose request died', () => {
  it('is taken over by a repeat once it is old enough, which then sells once', async () => {
    const slot = await counterSlot(ctx.db, 10, { startedMinutesAgo: 5 });
    const body = saleBody(slot, { method: 'cash', received: 5000 });
    // What a crash between the claim and the order leaves: a claim with no order, from a minute ago.
    await query(
      `INSERT INTO box_office_sales (site_code, idempotency_key, staff_id, request_hash, method, received, created_at)
       VALUES ('DEMO', $1, $2, 'the dead request', 'cash', 5000, now() - interval '1 minute')`,
      [body.idempotency_key, boxOffice.staffId],
    );
    const res = await sell(boxOffice, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(boxOfficeSaleSchema.parse(res.json()).tickets).toHaveLength(2);
    expect(await stock(ctx.db, slot.spanId)).toMatchObject({ held: 0, sold: 2 });
    const [claim] = await claims(body.idempotency_key);
    expect(claim!.order_id).not.toBeNull();
  });

  it('is not sold twice when the slow first request comes back after the takeover', async () => {
    const slot = await counterSlot(ctx.db, 10, { startedMinutesAgo: 5 });
    const body = saleBody(slot, { method: 'cash', received: 5000 });
    // The slot's row locked: the first request claims, then waits in its hold.
    const blocker = await ctx.db.$client.connect();
    let first: ReturnType<typeof sell> | undefined;
    let repeat: ReturnType<typeof sell> | undefined;
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM time_spans WHERE id = $1 FOR UPDATE', [slot.spanId]);
      first = sell(boxOffice, body);
      await until(async () => (await claims(body.idempotency_key)).length === 1);
      const [dead] = await claims(body.idempotency_key);
      // Its claim grows old (as if it had hung), and a repeat takes it over: a new claim row.
      await query(`UPDATE box_office_sales SET created_at = now() - interval '1 minute' WHERE id = $1`, [
        dead!.id,
      ]);
      repeat = sell(boxOffice, body);
      await until(async () => (await claims(body.idempotency_key)).some((row) => row.id !== dead!.id));
    } finally {
      await blocker.query('COMMIT');
      blocker.release();
    }
    const [a, b] = await Promise.all([first, repeat]);
    // The repeat sells; the first finds its claim gone, gives its hold back and says so.
    expect(b!.statusCode, b!.body).toBe(200);
    expect(a!.statusCode).toBe(503);
    expect(a!.json()).toEqual({ error: 'temporarily unavailable' });
    expect(await stock(ctx.db, slot.spanId)).toMatchObject({ held: 0, sold: 2 });
    const orders = await query<{ status: string }>(
      `SELECT status FROM orders WHERE time_span_id = $1 ORDER BY status`,
      [slot.spanId],
    );
    expect(orders.map((o) => o.status)).toEqual(['cancelled', 'reserved']);
  });
});

describe('a sale that fails after its hold', () => {
  it('gives the hold back and forgets the claim when the visitor form refuses the address', async () => {
    const slot = await counterSlot(ctx.db, 10, { startedMinutesAgo: 5 });
    // The contract's e-mail check lets a 65-character local part through; the order form's rule (spec §5) does not.
    const visitor = { email: `${'a'.repeat(65)}@example.com` };
    const body = saleBody(slot, { method: 'cash', received: 5000 }, { visitor, send_mail: true });
    const res = await sell(boxOffice, body);
    expect(res.json()).toEqual({ error: 'invalid email address' });
    expect(await stock(ctx.db, slot.spanId)).toMatchObject({ held: 0, sold: 0 });
    expect(await claims(body.idempotency_key)).toEqual([]);
    // The key is free again: the corrected sale goes through with it.
    const fixed = await sell(boxOffice, { ...body, visitor: { email: 'walkin@example.com' } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await stock(ctx.db, slot.spanId)).toMatchObject({ held: 0, sold: 2 });
  });

  it('gives the hold back and forgets the claim when checkout refuses the method', async () => {
    const slot = await counterSlot(ctx.db, 10, { startedMinutesAgo: 5 });
    const body = saleBody(slot, { method: 'card_terminal', approval_number: 'A-1' });
    await query(`UPDATE payment_methods SET enabled = false WHERE site_code = 'DEMO' AND channel = 'pos'
                 AND method = 'card_terminal'`, []);
    try {
      const res = await sell(boxOffice, body);
      expect(res.statusCode).toBe(400);
      expect(await stock(ctx.db, slot.spanId)).toMatchObject({ held: 0, sold: 0 });
      expect(await claims(body.idempotency_key)).toEqual([]);
    } finally {
      await query(`UPDATE payment_methods SET enabled = true WHERE site_code = 'DEMO' AND channel = 'pos'
                   AND method = 'card_terminal'`, []);
    }
    const again = await sell(boxOffice, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(await stock(ctx.db, slot.spanId)).toMatchObject({ held: 0, sold: 2 });
  });
});
