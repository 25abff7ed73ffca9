import { describe, expect, it } from 'vitest';
import type { CreateOrderBody } from '@kippu/contract';
import { setupTestApp } from '../../../test/helper.ts';
import type { Db } from '../../db/client.ts';
import { createOrder } from './create-order.ts';
import { createStockHolder, REFUSAL_FRESHNESS_MS, type HoldRequest } from './hold-stock.ts';
import { createProductCache } from './product-for-sale.ts';
import { noteStockChange } from './stock-changes.ts';
import { heldOf, orderBody, productWithSlot } from '../../../test/order-support.ts';

describe('createStockHolder', () => {
  const ctx = setupTestApp();

  const request = (slot: Awaited<ReturnType<typeof productWithSlot>>, quantity: number): HoldRequest => ({
    siteCode: 'DEMO',
    channel: 'web',
    lang: 'en',
    productId: slot.id,
    timeSpanId: slot.spanId,
    quantity,
    price: 1000 * quantity,
    holdMinutes: 20,
    lines: [{ optionValueId: slot.optionValueIds[0]!, quantity, unitPrice: 1000 }],
    setProducts: [],
    clientKey: null,
    addressKey: null,
    caps: {
      openOrdersPerClient: null,
      ticketsPerClientSlot: null,
      openOrdersPerAddress: null,
      ticketsPerAddressSlot: null,
    },
  });

  it('fails only the bad request of a batch whose statement fails; its neighbours are held', async () => {
    const slot = await productWithSlot(ctx.db, 100);
    const holder = createStockHolder(ctx.db);
    const broken = {
      ...request(slot, 1),
      lines: [{ optionValueId: 2_000_000_000, quantity: 1, unitPrice: 1 }],
    };
    // The first call starts a batch alone; the next ones queue behind it and form the second batch.
    const results = await Promise.allSettled([
      holder.hold(request(slot, 2)),
      holder.hold(request(slot, 3)),
      holder.hold(broken),
      holder.hold(request(slot, 4)),
    ]);
    // The second batch [3, broken, 4] fails as one statement (an unknown ticket type), is split in halves
    // and retried: only the broken request fails, and nothing of it is left behind.
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(results[2]).toMatchObject({ status: 'rejected', reason: { code: '23503' } });
    expect(await heldOf(ctx.db, slot.spanId)).toBe(9);
    const orders = await ctx.db.$client.query(
      'SELECT count(*)::int AS n FROM orders WHERE time_span_id = $1',
      [slot.spanId],
    );
    expect(orders.rows[0]).toEqual({ n: 3 });
    // The holder goes on: the next batch works.
    await holder.hold(request(slot, 5));
    expect(await heldOf(ctx.db, slot.spanId)).toBe(14);
  });

  it('coalesces queued requests and allocates greedily in arrival order', async () => {
    const slot = await productWithSlot(ctx.db, 6);
    const holder = createStockHolder(ctx.db);
    const results = await Promise.allSettled([1, 4, 3, 1, 2].map((q) => holder.hold(request(slot, q))));
    // 1 alone; then 4 fits (5 left → 1), 3 refused, 1 fits, 2 refused.
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    expect(results[2]).toMatchObject({ reason: { code: 'out_of_stock' } });
    expect(await heldOf(ctx.db, slot.spanId)).toBe(6);
  });

  type Statement = 'read' | 'locked read' | 'write';

  /**
   * A Db that logs the hold's statements (the stock read, under the lock or not, and the write) with the
   * clients each read counts, and lets a test act after each one, as another writer would.
   */
  function recordingDb(after: (statement: Statement, log: Statement[]) => unknown = () => undefined) {
    const pool = ctx.db.$client;
    const log: Statement[] = [];
    const readClients: string[][] = [];
    const record = async (text: string, params: unknown[]) => {
      const statement: Statement | null = text.includes('AS open_channels')
        ? text.includes('FOR UPDATE')
          ? 'locked read'
          : 'read'
        : text.includes('INSERT INTO orders')
          ? 'write'
          : null;
      if (!statement) return;
      log.push(statement);
      // The read names its values (ADR 051): the clients are its one list.
      if (statement === 'read') readClients.push(params.find((value) => Array.isArray(value)) as string[]);
      await after(statement, log);
    };
    const db = {
      $client: {
        connect: async () => {
          const client = await pool.connect();
          return {
            query: async (text: string, params?: unknown[]) => {
              const result = await client.query(text, params);
              await record(text, params ?? []);
              return result;
            },
            release: (destroy?: boolean) => client.release(destroy),
          };
        },
        query: async (text: string, params: unknown[]) => {
          const result = await pool.query(text, params);
          await record(text, params);
          return result;
        },
      },
    } as unknown as Db;
    return { db, log, readClients };
  }

  /** Requests of clients c0, c1, ...: capped (generously), so each read names the clients of its batch. */
  const fromClients = (slot: Awaited<ReturnType<typeof productWithSlot>>, quantities: number[]) =>
    quantities.map((quantity, i) => ({
      ...request(slot, quantity),
      clientKey: `c${i}`,
      caps: {
        openOrdersPerClient: 100,
        ticketsPerClientSlot: 100,
        openOrdersPerAddress: null,
        ticketsPerAddressSlot: null,
      },
    }));

  const ordersOf = async (spanId: number) =>
    (
      await ctx.db.$client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM orders WHERE time_span_id = $1',
        [spanId],
      )
    ).rows[0]!.n;

  it('redoes a batch under the row lock when the stock moved between its read and its write', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    // Another writer takes 8 seats right after the first read.
    const { db, log } = recordingDb((statement, log) =>
      statement === 'read' && log.length === 1
        ? ctx.db.$client.query('UPDATE time_spans SET held = 8 WHERE id = $1', [slot.spanId])
        : null,
    );
    let contention = 0;
    const holder = createStockHolder(db, { onContention: () => contention++ });
    const results = await Promise.allSettled([3, 1].map((q) => holder.hold(request(slot, q))));
    // Batch 1 = [3] read 10 left, but only 2 are left when it writes: under the lock it is refused.
    // Batch 2 = [1] still fits.
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    expect(results[0]).toMatchObject({ reason: { code: 'out_of_stock' } });
    expect(contention).toBe(1);
    expect(log).toEqual(['read', 'write', 'locked read', 'write']);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(9);
    expect(await ordersOf(slot.spanId)).toBe(1);
  });

  it('takes the later batches of a burst in one round trip each, on the stock the previous batch left', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { db, log } = recordingDb();
    const holder = createStockHolder(db);
    const results = await Promise.allSettled([1, 2, 3].map((q) => holder.hold(request(slot, q))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    // Batch 1 = [1] reads and writes; batch 2 = [2, 3] only writes.
    expect(log).toEqual(['read', 'write', 'write']);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(6);
    expect(await ordersOf(slot.spanId)).toBe(3);
  });

  it('reads the slot again when a one-trip write finds it taken off sale, and refuses', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { db, log } = recordingDb((statement, log) =>
      statement === 'write' && log.length === 2
        ? ctx.db.$client.query('UPDATE time_spans SET on_sale = false WHERE id = $1', [slot.spanId])
        : null,
    );
    const holder = createStockHolder(db);
    const results = await Promise.allSettled([1, 2, 3].map((q) => holder.hold(request(slot, q))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    for (const refused of results.slice(1))
      expect(refused).toMatchObject({ reason: { code: 'not_on_sale' } });
    expect(log).toEqual(['read', 'write', 'write', 'read']);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(1);
  });

  it('refuses a hold on a draft or retired product, even when a warm product cache still offers it', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    // The cache read the product while it was published; a minute's life keeps it warm for the whole test.
    const products = createProductCache(ctx.db, 60_000);
    const deps = { products, stock: createStockHolder(ctx.db), defaultHoldMinutes: 20 };
    const client = { code: 'DEMO', channel: 'web' as const, clientKey: null };
    await createOrder(deps, client, orderBody(slot, 1) as CreateOrderBody);
    for (const status of ['draft', 'retired']) {
      await ctx.db.$client.query('UPDATE products SET status = $1 WHERE id = $2', [status, slot.id]);
      expect(await products.get('DEMO', slot.uuid)).not.toBeNull();
      await expect(createOrder(deps, client, orderBody(slot, 2) as CreateOrderBody)).rejects.toMatchObject({
        code: 'record_not_found',
      });
    }
    expect(await heldOf(ctx.db, slot.spanId)).toBe(1);
    expect(await ordersOf(slot.spanId)).toBe(1);
  });

  it('reads the slot again when a one-trip write finds its product unpublished, and refuses', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { db, log } = recordingDb((statement, log) =>
      statement === 'write' && log.length === 2
        ? ctx.db.$client.query("UPDATE products SET status = 'draft' WHERE id = $1", [slot.id])
        : null,
    );
    const holder = createStockHolder(db);
    const results = await Promise.allSettled([1, 2, 3].map((q) => holder.hold(request(slot, q))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    for (const refused of results.slice(1))
      expect(refused).toMatchObject({ reason: { code: 'record_not_found' } });
    expect(log).toEqual(['read', 'write', 'write', 'read']);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(1);
  });

  it('reads the holds again when a one-trip write would take a client past its caps, and refuses', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { db, log } = recordingDb();
    const holder = createStockHolder(db);
    const sameClient = {
      ...request(slot, 1),
      clientKey: 'one-client',
      caps: {
        openOrdersPerClient: 1,
        ticketsPerClientSlot: null,
        openOrdersPerAddress: null,
        ticketsPerAddressSlot: null,
      },
    };
    const results = await Promise.allSettled([holder.hold(sameClient), holder.hold(sameClient)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(results[1]).toMatchObject({ reason: { code: 'too_many_holds' } });
    expect(log).toEqual(['read', 'write', 'write', 'read']);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(1);
  });

  it('refuses the requests queued behind a batch that sold the slot out without reading the stock again', async () => {
    const slot = await productWithSlot(ctx.db, 3);
    const { db, readClients } = recordingDb();
    const holder = createStockHolder(db);
    const results = await Promise.allSettled(fromClients(slot, [3, 1, 2, 1]).map((r) => holder.hold(r)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    for (const refused of results.slice(1))
      expect(refused).toMatchObject({ reason: { code: 'out_of_stock' } });
    expect(readClients).toEqual([['c0']]);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(3);
  });

  it('refuses a hold on what a batch begun moments ago found, without a read, until a stock change or 25 ms', async () => {
    const slot = await productWithSlot(ctx.db, 3);
    const { db, log } = recordingDb();
    let now = 1_000;
    const holder = createStockHolder(db, { clock: () => now });
    // Each hold once its batch has ended: one queued behind a batch is refused on that batch's stock anyway.
    const hold = async (quantity: number) => {
      const held = holder.hold(request(slot, quantity));
      await held.catch(() => undefined);
      await new Promise((resolve) => setImmediate(resolve));
      return held;
    };
    await hold(3);
    expect(log).toEqual(['read', 'write']);
    // The batch that sold it out took stock (a change): the next hold reads, and is refused on what it read.
    await expect(hold(1)).rejects.toMatchObject({ code: 'out_of_stock' });
    expect(log).toEqual(['read', 'write', 'read']);
    // Refused without a statement while that read is fresh and nothing changed here since ...
    await expect(hold(1)).rejects.toMatchObject({ code: 'out_of_stock' });
    expect(log).toHaveLength(3);
    now += REFUSAL_FRESHNESS_MS;
    await expect(hold(2)).rejects.toMatchObject({ code: 'out_of_stock' });
    expect(log).toHaveLength(3);
    // ... read again once this process changed stock (a release here: the seat is found) ...
    await ctx.db.$client.query('UPDATE time_spans SET held = 2 WHERE id = $1', [slot.spanId]);
    noteStockChange();
    await hold(1);
    expect(log).toEqual(['read', 'write', 'read', 'read', 'write']);
    await expect(hold(1)).rejects.toMatchObject({ code: 'out_of_stock' });
    expect(log).toHaveLength(6);
    // ... or once the read is older than the freshness (another process gave a seat back meanwhile).
    await ctx.db.$client.query('UPDATE time_spans SET held = 2 WHERE id = $1', [slot.spanId]);
    now += REFUSAL_FRESHNESS_MS + 1;
    await hold(1);
    expect(log).toEqual(['read', 'write', 'read', 'read', 'write', 'read', 'read', 'write']);
  });

  it('keeps the queued requests that still fit for the next batch, counting the seats the update left', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    // Another process takes 5 seats between the first batch's read and its write.
    const { db, log } = recordingDb((statement, log) =>
      statement === 'read' && log.length === 1
        ? ctx.db.$client.query('UPDATE time_spans SET held = 5 WHERE id = $1', [slot.spanId])
        : null,
    );
    const holder = createStockHolder(db);
    const results = await Promise.allSettled(fromClients(slot, [2, 4, 1, 5]).map((r) => holder.hold(r)));
    // The first batch [2] still fits and leaves 3 seats (its read had said 10): 4 and 5 are refused at
    // once, and 1 goes alone in the next batch, on those 3 seats without a read.
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    for (const refused of [results[1], results[3]])
      expect(refused).toMatchObject({ reason: { code: 'out_of_stock' } });
    expect(log).toEqual(['read', 'write', 'write']);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(8);
  });

  it('reads the holds again when a one-trip write would take a client past its tickets in the slot', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    const { db, log } = recordingDb();
    const holder = createStockHolder(db);
    const sameClient = (quantity: number) => ({
      ...request(slot, quantity),
      clientKey: 'one-client',
      caps: {
        openOrdersPerClient: null,
        ticketsPerClientSlot: 3,
        openOrdersPerAddress: null,
        ticketsPerAddressSlot: null,
      },
    });
    const results = await Promise.allSettled([holder.hold(sameClient(2)), holder.hold(sameClient(2))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(results[1]).toMatchObject({ reason: { code: 'too_many_holds' } });
    expect(log).toEqual(['read', 'write', 'write', 'read']);
    expect(await heldOf(ctx.db, slot.spanId)).toBe(2);
  });

  it('two processes bursting on one slot through one-trip writes sell exactly its capacity', async () => {
    const slot = await productWithSlot(ctx.db, 10);
    // Two holders are two processes' batchers; each sees the other's holds only in the database.
    const processes = [recordingDb(), recordingDb()];
    const holders = processes.map(({ db }) => createStockHolder(db));
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => holders[i % 2]!.hold(request(slot, 1))),
    );
    // Each holder: [1] reads and writes, then [1 x 5] tries one trip on the seats its write saw left.
    // The first holder to finish its first batch sees at most the other's first hold gone, so its next
    // batch goes in one trip; if both do, the later write takes nothing, reads, and gets what is left.
    expect(processes.some(({ log }) => log.slice(0, 3).join() === 'read,write,write')).toBe(true);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const refused of results.filter((r) => r.status === 'rejected'))
      expect(refused).toMatchObject({ reason: { code: 'out_of_stock' } });
    expect(await heldOf(ctx.db, slot.spanId)).toBe(10);
    expect(await ordersOf(slot.spanId)).toBe(10);
  });

  it('the table refuses an oversell even if a writer skipped the hold', async () => {
    const slot = await productWithSlot(ctx.db, 2);
    await expect(
      ctx.db.$client.query('UPDATE time_spans SET held = 3 WHERE id = $1', [slot.spanId]),
    ).rejects.toThrow(/time_spans_never_oversold/);
  });
});
