import { randomBytes } from 'node:crypto';
import { ROUTES, fillPath } from '@kippu/contract';
import { boxOfficeEndpoints } from '@kippu/contract/console/box-office-endpoints';
import type { App } from '../../../app.ts';
import type { Db } from '../../../db/client.ts';
import { productWithSlot, SITE_PATH } from '../../../../test/order-support.ts';
import { visitorAddress } from '../../../../test/helper.ts';
import type { ConsoleAs } from '../operations/operations-test-support.ts';

/** Test support for the box office: a pos product with one slot, a counter sale's body, visitor calls. */
const MINUTE = 60_000;

/** A timed product sold on the web and at the counter; its slot started `startedMinutesAgo` ago (1 h long). */
export async function counterSlot(
  db: Db,
  capacity: number,
  options: { startedMinutesAgo?: number; prices?: number[]; channels?: string[] } = {},
) {
  const startsAt =
    options.startedMinutesAgo === undefined
      ? new Date(Date.now() + 3 * 24 * 60 * MINUTE)
      : new Date(Date.now() - options.startedMinutesAgo * MINUTE);
  const slot = await productWithSlot(
    db,
    capacity,
    { channels: options.channels ?? ['web', 'pos', 'kiosk'], prices: options.prices ?? [1500, 800] },
    { startsAt },
  );
  // productWithSlot makes 30-minute slots: the running slot lasts an hour, so "started 10 minutes ago" runs.
  await db.$client.query(`UPDATE time_spans SET ends_at = starts_at + interval '1 hour' WHERE id = $1`, [
    slot.spanId,
  ]);
  return slot;
}

export type CounterSlot = Awaited<ReturnType<typeof counterSlot>>;

export function saleBody(
  slot: CounterSlot,
  payment: Record<string, unknown>,
  patch: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    idempotency_key: randomBytes(16).toString('base64url'),
    lang: 'en',
    product_uuid: slot.uuid,
    time_span_id: slot.spanId,
    lines: [
      { option_value_id: slot.optionValueIds[0], quantity: 1 },
      { option_value_id: slot.optionValueIds[1], quantity: 1 },
    ],
    payment,
    ...patch,
  };
}

export const sell = (as: ConsoleAs, body: Record<string, unknown>, site = 'DEMO') =>
  as.post(fillPath(boxOfficeEndpoints.consoleBoxOfficeSale.path, { site }), body);

/** A visitor's POST /orders, with extra cookies (a kiosk's device cookie). */
export function visitorOrder(app: App, payload: Record<string, unknown>, cookies = '') {
  return app.inject({
    method: 'POST',
    url: `${SITE_PATH}${ROUTES.createOrder.path}`,
    headers: {
      cookie: `XSRF-TOKEN=t${cookies ? `; ${cookies}` : ''}`,
      'x-xsrf-token': 't',
    },
    remoteAddress: visitorAddress(),
    payload,
  });
}

export async function stock(
  db: Db,
  spanId: number,
): Promise<{ held: number; sold: number; capacity: number }> {
  const { rows } = await db.$client.query<{ held: number; sold: number; capacity: number }>(
    'SELECT held, sold, capacity FROM time_spans WHERE id = $1',
    [spanId],
  );
  return rows[0]!;
}
