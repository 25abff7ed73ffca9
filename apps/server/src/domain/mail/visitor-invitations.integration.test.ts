import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { setupTestApp } from '../../../test/helper.ts';
import { createProduct, createTimeSpan } from '../../../test/factories.ts';
import { heldOf } from '../../../test/order-support.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { createVisitorInvitation, revokeVisitorInvitation } from './visitor-invitations.ts';

const ctx = setupTestApp();
const system = { kind: 'system' } as const;

describe('a revoked visitor invitation', () => {
  it('revoked between the link’s first read and its locked read: no order, and the hold is given back', async () => {
    const product = await createProduct(ctx.db, { site: 'MORI' });
    const spanId = await createTimeSpan(ctx.db, { productId: product.id, capacity: 10 });
    const created = await createVisitorInvitation(ctx.db, ctx.env, system, {
      siteCode: 'MORI',
      email: 'late@example.com',
      lang: 'en',
      productUuid: product.uuid,
      timeSpanId: spanId,
      tickets: [{ optionValueId: product.optionValueIds[0]!, quantity: 2 }],
    });
    const token = /[?&]token=([\w-]+)/.exec(created.url)![1]!;
    // The revocation lands as the link's transaction starts: after the hold, before the locked read.
    let revoked = false;
    const racing = new Proxy(ctx.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver);
        return async (...args: Parameters<Db['transaction']>) => {
          if (!revoked) {
            revoked = true;
            await revokeVisitorInvitation(ctx.db, system, 'MORI', created.invitation.id);
          }
          return target.transaction(...args);
        };
      },
    });
    const answer = await acceptInvitation({ db: racing, orders: ctx.app.orderDeps }, 'MORI', token);
    expect([revoked, answer]).toEqual([true, null]);
    expect(answer).toBeNull();
    const { rows } = await ctx.db.$client.query('SELECT order_id FROM invitations WHERE id = $1', [
      created.invitation.id,
    ]);
    expect(rows[0].order_id).toBeNull();
    expect(await heldOf(ctx.db, spanId)).toBe(0);
  });
});
