import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createProduct, createTimeSpan, type ProductFixture } from '../../../test/factories.ts';
import { emptyDatabase } from '../../../test/test-database.ts';
import { createDb, type Db } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { PreparedNames } from '../../db/prepared-statements.ts';
import { insertHeldOrders, readSpanState, type CapGuard } from './hold-statements.ts';
import type { HoldRequest } from './hold-types.ts';

/** A key as plugins/client-key.ts stores it: a hash, as wide as the real ones (the index's size depends on it). */
const keyOf = (text: string) => createHash('sha256').update(text).digest('base64url');

function holdRequest(product: ProductFixture, spanId: number, visitor: string): HoldRequest {
  return {
    siteCode: 'DEMO',
    channel: 'web',
    lang: 'ja',
    productId: product.id,
    timeSpanId: spanId,
    quantity: 1,
    price: 3000,
    holdMinutes: 10,
    lines: [{ optionValueId: product.optionValueIds[0]!, quantity: 1, unitPrice: 3000 }],
    setProducts: [],
    clientKey: `v.${keyOf(`visitor ${visitor}`)}`,
    addressKey: keyOf(`address ${visitor}`),
    caps: {
      openOrdersPerClient: 5,
      ticketsPerClientSlot: 20,
      openOrdersPerAddress: 100,
      ticketsPerAddressSlot: 400,
    },
  };
}

/** Each request's visitor and address with the request's caps, as hold-stock.ts passes them. */
function capsOf(requests: HoldRequest[]): CapGuard[] {
  return requests.flatMap(({ clientKey, addressKey, quantity, caps }): CapGuard[] => [
    {
      kind: 'client',
      key: clientKey!,
      orders: 1,
      tickets: quantity,
      maxOrders: caps.openOrdersPerClient,
      maxTickets: caps.ticketsPerClientSlot,
    },
    {
      kind: 'address',
      key: addressKey!,
      orders: 1,
      tickets: quantity,
      maxOrders: caps.openOrdersPerAddress,
      maxTickets: caps.ticketsPerAddressSlot,
    },
  ]);
}

/**
 * The hold caps' count (hold-statements.ts, openHoldingsSql) looks up each capped key in its own index, whatever
 * the planner believes about `orders`. Here as at a sales opening on a new installation: `orders` never analysed
 * and every order an open hold, so the open-holds index is as large as the site's and, its keys being wider,
 * looks dearer to a planner without statistics (at 300 holds it has two levels where the site's has one). With
 * the site and expiry as scan conditions, the generic plan chose the site's index and read every hold of the
 * site for every key: 12,000 rows for 40 keys here, 70,000 buffers a batch in the overload benchmark, under the
 * slot's row lock. A named statement keeps such a plan for its connection's life.
 */
describe('the hold caps count by key, not by site', () => {
  let drop: () => Promise<void>;
  let db: Db;
  let product: ProductFixture;
  let spanId: number;

  beforeAll(async () => {
    const database = await emptyDatabase(inject('testDatabase').adminUrl);
    drop = database.drop;
    db = createDb(
      database.url,
      1,
      { connectMs: 5000, statementMs: 10_000, idleInTransactionMs: 10_000 },
      { namedStatements: true, preparedNames: new PreparedNames() },
    );
    await migrate(db.$client);
    product = await createProduct(db, {});
    spanId = await createTimeSpan(db, { productId: product.id, capacity: 10_000 });
    const others = Array.from({ length: 300 }, (_, i) => holdRequest(product, spanId, `other ${i}`));
    await db.$client.query(
      `INSERT INTO orders (order_token, site_code, channel, status, lang, product_id, time_span_id, quantity,
                           price, expires_at, client_key, address_key)
       SELECT 'other-' || k.n, 'DEMO', 'web', 'holding', 'ja', $1, $2, 1, 3000, now() + interval '10 minutes',
              k.client_key, k.address_key
       FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS k(client_key, address_key, n)`,
      [product.id, spanId, others.map((o) => o.clientKey), others.map((o) => o.addressKey)],
    );
  });
  afterAll(async () => {
    await db.$client.end();
    await drop();
  });

  it('reads no other visitor’s holds for 40 new keys under a generic plan, in the read and in the write', async () => {
    const client = await db.$client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
      const ordersRead = async () => {
        const { rows } = await client.query<{ read: string }>(
          `SELECT COALESCE(idx_tup_fetch, 0) + seq_tup_read AS read
           FROM pg_stat_xact_user_tables WHERE relname = 'orders'`,
        );
        return Number(rows[0]!.read);
      };
      const requests = Array.from({ length: 20 }, (_, i) => holdRequest(product, spanId, `new ${i}`));
      const keys = {
        client: requests.map((r) => r.clientKey!),
        address: requests.map((r) => r.addressKey!),
      };

      let before = await ordersRead();
      const state = await readSpanState(client, spanId, keys, { lock: false });
      const readByRead = (await ordersRead()) - before;
      before = await ordersRead();
      const held = await insertHeldOrders(
        client,
        spanId,
        requests.map((request, i) => ({ token: `new-${i}`, request })),
        capsOf(requests),
      );
      const readByWrite = (await ordersRead()) - before;
      await client.query('ROLLBACK');

      expect(state?.holdings).toEqual([]);
      expect(held).toHaveLength(20);
      // One index lookup per key, finding nothing; by the site, 300 holds for each of the 40 keys.
      expect(readByRead).toBeLessThan(100);
      expect(readByWrite).toBeLessThan(100);
    } finally {
      client.release();
    }
  });

  it('still counts a key’s own open holds on the site, and its tickets in the slot', async () => {
    const otherSpanId = await createTimeSpan(db, { productId: product.id, capacity: 100 });
    // The same visitor's hold on another venue of the installation: not this site's.
    const elsewhere = await createProduct(db, { site: 'ELSEWHERE' });
    const elsewhereSpanId = await createTimeSpan(db, { productId: elsewhere.id, capacity: 100 });
    const me = holdRequest(product, spanId, 'me');
    const client = await db.$client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await client.query(
        `INSERT INTO orders (order_token, site_code, channel, status, lang, product_id, time_span_id, quantity,
                             price, expires_at, client_key, address_key)
         VALUES ('mine-1', 'DEMO', 'web', 'holding', 'ja', $1, $2, 2, 0, now() + interval '10 minutes', $4, $5),
                ('mine-2', 'DEMO', 'web', 'ready_checkout', 'ja', $1, $3, 3, 0, now() + interval '10 minutes', $4, $5),
                ('mine-expired', 'DEMO', 'web', 'holding', 'ja', $1, $2, 4, 0, now() - interval '1 minute', $4, $5),
                ('mine-elsewhere', 'ELSEWHERE', 'web', 'holding', 'ja', $6, $7, 5, 0, now() + interval '10 minutes', $4, $5)`,
        [product.id, spanId, otherSpanId, me.clientKey, me.addressKey, elsewhere.id, elsewhereSpanId],
      );
      const state = await readSpanState(
        client,
        spanId,
        { client: [me.clientKey!], address: [me.addressKey!] },
        { lock: false },
      );
      await client.query('ROLLBACK');
      // Two open orders on the site; in this slot only the first one's two tickets (the expired hold and the
      // other site's count for nothing).
      expect(state?.holdings).toEqual([
        { kind: 'client', key: me.clientKey, orders: 2, tickets: 2 },
        { kind: 'address', key: me.addressKey, orders: 2, tickets: 2 },
      ]);
    } finally {
      client.release();
    }
  });
});
