import { beforeAll, describe, expect, it } from 'vitest';
import { productResponseSchema } from '@kippu/contract/console/catalogue-products';
import { setupTestApp } from '../../../../test/helper.ts';
import { SITE_PATH } from '../../../../test/order-support.ts';
import { waitingRoomOf } from '../../../plugins/waiting-room-gate.ts';
import {
  signedIn,
  twoOrganisations,
  type ConsoleAs,
  type Organisations,
} from '../operations/operations-test-support.ts';
import { fieldsOf, newProduct } from './catalogue-support.ts';

const ctx = setupTestApp();
let orgs: Organisations;
let owner: ConsoleAs;

beforeAll(async () => {
  orgs = await twoOrganisations(ctx.db, 'waiting-room');
  owner = await signedIn(ctx.app, ctx.db, orgs.a, 'owner', 'all');
});

async function queueActive(productId: number): Promise<boolean> {
  waitingRoomOf(ctx.app).forgetInForce();
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${SITE_PATH}/waiting-room/status?product_id=${productId}`,
  });
  expect(res.headers['cache-control']).toBe('public, max-age=1');
  return res.json<{ active: boolean }>().active;
}

describe("a product's waiting room in the console (issue 31, ADR 095)", () => {
  it('is off for a new product; an update switches it on with its opening and rate, audited; absent leaves it', async () => {
    const created = productResponseSchema.parse(
      (await owner.post('/sites/DEMO/products', newProduct())).json(),
    );
    const product = created.product;
    expect(product.waiting_room).toEqual({ enabled: false, opens_at: null, admit_per_minute: null });
    expect(await queueActive(product.id)).toBe(false);

    const room = { enabled: true, opens_at: '2030-01-01T10:00:00+09:00', admit_per_minute: 120 };
    const saved = await owner.put(`/sites/DEMO/products/${product.id}`, {
      ...fieldsOf(product),
      waiting_room: room,
      expected_version: product.version,
    });
    expect(saved.statusCode).toBe(200);
    const after = productResponseSchema.parse(saved.json()).product;
    expect(after.waiting_room).toEqual({ ...room, opens_at: '2030-01-01T01:00:00.000Z' });
    expect(await queueActive(product.id)).toBe(true);
    const { rows } = await ctx.db.$client.query<{
      before: { waiting_room: unknown };
      after: { waiting_room: unknown };
    }>(
      `SELECT before, after FROM audit_events WHERE object_type = 'product' AND object_id = $1 AND action = 'update'`,
      [String(product.id)],
    );
    expect(rows[0]?.before.waiting_room).toMatchObject({ enabled: false });
    expect(rows[0]?.after.waiting_room).toMatchObject({ enabled: true, admit_per_minute: 120 });

    // The editor of before this field sends the form without it: the switch stays as it was.
    const untouched = await owner.put(`/sites/DEMO/products/${product.id}`, {
      ...fieldsOf(after),
      expected_version: after.version,
    });
    const kept = productResponseSchema.parse(untouched.json()).product;
    expect(kept.waiting_room.enabled).toBe(true);

    const off = await owner.put(`/sites/DEMO/products/${product.id}`, {
      ...fieldsOf(kept),
      waiting_room: { enabled: false, opens_at: null, admit_per_minute: null },
      expected_version: kept.version,
    });
    expect(productResponseSchema.parse(off.json()).product.waiting_room.enabled).toBe(false);
    expect(await queueActive(product.id)).toBe(false);
  });

  it('refuses a rate below one admission a minute (400, never stored)', async () => {
    const product = productResponseSchema.parse(
      (await owner.post('/sites/DEMO/products', newProduct())).json(),
    ).product;
    const refused = await owner.put(`/sites/DEMO/products/${product.id}`, {
      ...fieldsOf(product),
      waiting_room: { enabled: true, opens_at: null, admit_per_minute: 0 },
      expected_version: product.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ issues: [{ path: 'body.waiting_room.admit_per_minute' }] });
  });
});
