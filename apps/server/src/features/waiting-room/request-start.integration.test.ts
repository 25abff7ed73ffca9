import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WaitingRoomEntry } from '@kippu/contract';
import { waitingRoomOf } from '../../plugins/waiting-room-gate.ts';
import { setupTestApp, visitorAddress } from '../../../test/helper.ts';
import { productWithSlot, SITE_PATH } from '../../../test/order-support.ts';

// The balancer in front is on loopback (TRUST_PROXY) and overwrites X-Request-Start (TRUST_REQUEST_START), as in
// docs/scaling.md's deployment.
const ctx = setupTestApp({ TRUST_PROXY: 'loopback', TRUST_REQUEST_START: 'true' });
const XSRF = 'test-xsrf-token';

/** A join through the balancer (peer 127.0.0.1, the visitor in X-Forwarded-For) or straight from a client. */
async function join(productId: number, via: { peer: string; requestStart?: string }) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${SITE_PATH}/waiting-room/entries`,
    remoteAddress: via.peer,
    headers: {
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      'x-forwarded-for': visitorAddress(),
      ...(via.requestStart ? { 'x-request-start': via.requestStart } : {}),
    },
    payload: { product_id: productId },
  });
  expect(response.statusCode).toBe(200);
  return Number(response.json<WaitingRoomEntry>().token.split('.')[2]);
}

async function statesOf(ids: number[]) {
  const { rows } = await ctx.db.execute<{ id: number; state: string }>(sql`
    SELECT id, state FROM waiting_room_entries WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[])`);
  return Object.fromEntries(rows.map((row) => [Number(row.id), row.state]));
}

describe("the waiting room's arrival behind a balancer (ADR 095 addendum)", () => {
  it("admits in the order the trusted balancer received the joins (X-Request-Start), and ignores anyone else's stamp", async () => {
    const room = waitingRoomOf(ctx.app);
    room.configure({ timers: false, automaticAdmitPerMinute: 600_000, maxOutstandingAdmissions: 1 });
    const product = await productWithSlot(ctx.db, 50);
    await ctx.db.execute(sql`UPDATE products SET waiting_room_enabled = true WHERE id = ${product.id}`);
    room.forgetInForce();

    // The balancer received B half a second before A, but B's process read it after A's.
    const a = await join(product.id, { peer: '127.0.0.1' });
    const b = await join(product.id, { peer: '127.0.0.1', requestStart: `t=${Date.now() - 500}` });
    // A client talking to the process directly cannot date its join back: its stamp is not read.
    const c = await join(product.id, { peer: '192.0.2.7', requestStart: `t=${Date.now() - 50_000}` });
    await room.tick();
    expect(await statesOf([a, b, c])).toEqual({ [a]: 'waiting', [b]: 'admitted', [c]: 'waiting' });
    room.configure({ maxOutstandingAdmissions: 2 });
    await room.tick();
    expect(await statesOf([a, c])).toEqual({ [a]: 'admitted', [c]: 'waiting' });
  });
});
