import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { visitorAddress, xsrfHeaders } from './helper.ts';
import { createProduct, createTimeSpan } from './factories.ts';

/** Test support for the booking tests: a product with one slot, and order calls on the DEMO site. */
export const SITE_PATH = '/demo/api/v1';

export async function productWithSlot(
  db: Db,
  capacity: number,
  product: Parameters<typeof createProduct>[1] = {},
  span: { startsAt?: Date; onSale?: boolean } = {},
) {
  const fixture = await createProduct(db, { site: 'DEMO', ...product });
  const spanId = await createTimeSpan(db, { productId: fixture.id, capacity, ...span });
  return { ...fixture, spanId };
}

export function orderBody(
  fixture: { uuid: string; spanId: number; optionValueIds: number[] },
  quantity = 1,
  patch: Record<string, unknown> = {},
) {
  return {
    lang: 'en',
    product_uuid: fixture.uuid,
    time_span_id: fixture.spanId,
    quantity,
    option_values: [{ option_value_id: fixture.optionValueIds[0], quantity }],
    set_products: [],
    ...patch,
  };
}

/**
 * POST /orders as a visitor of its own, by default: the booking tests play many visitors, and one
 * client's rate limit and hold caps (ADR 015) are tested with a fixed `remoteAddress`.
 */
export function postOrder(app: App, payload: unknown, path = SITE_PATH, remoteAddress = visitorAddress()) {
  return app.inject({
    method: 'POST',
    url: `${path}/orders`,
    headers: xsrfHeaders(),
    remoteAddress,
    payload: payload as object,
  });
}

export async function heldOf(db: Db, spanId: number): Promise<number> {
  const { rows } = await db.$client.query<{ held: number }>('SELECT held FROM time_spans WHERE id = $1', [
    spanId,
  ]);
  return rows[0]!.held;
}
