import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays, toTokyoDateString } from '@kippu/contract';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { payWithCard, readyOrder } from './checkout-support.ts';
import { createProduct, createTimeSpan } from './factories.ts';
import { xsrfHeaders } from './helper.ts';
import { SITE_PATH } from './order-support.ts';

/**
 * Test support for moving visitors (ADR 079): a product with a day of slots full of paid reservations (real
 * checkouts on the gateway simulator, so refunds go back through it) and target slots on the next day.
 */
export interface ClosedDay {
  productId: number;
  productUuid: string;
  optionValueIds: number[];
  /** Tokyo date of the source day. */
  date: string;
  sourceSlotIds: number[];
  targetSlotIds: number[];
  /** In purchase order. */
  reservations: {
    id: number;
    token: string;
    orderId: number;
    tickets: number;
    slotId: number;
    email: string;
  }[];
}

/** 10:00, 11:00, 12:00 … Tokyo on `date`. */
const hourOf = (date: string, hour: number) =>
  new Date(`${date}T${String(hour).padStart(2, '0')}:00:00+09:00`);

/**
 * `count` reservations of 1 or 2 tickets (odd positions 1, even 2) over three slots of a day five days
 * ahead, bought one after the other; targets on the day after with the capacities given.
 */
export async function closedDay(
  app: App,
  db: Db,
  options: { count: number; targetCapacities: number[]; tag: string },
): Promise<ClosedDay> {
  const product = await createProduct(db, { site: 'DEMO', prices: [1500, 500] });
  const date = addDays(toTokyoDateString(new Date()), 5);
  const sourceSlotIds: number[] = [];
  for (const hour of [10, 11, 12]) {
    sourceSlotIds.push(
      await createTimeSpan(db, { productId: product.id, capacity: 40, startsAt: hourOf(date, hour) }),
    );
  }
  const targetSlotIds: number[] = [];
  for (const [index, capacity] of options.targetCapacities.entries()) {
    targetSlotIds.push(
      await createTimeSpan(db, {
        productId: product.id,
        capacity,
        startsAt: hourOf(addDays(date, 1), 10 + index),
      }),
    );
  }
  const reservations: ClosedDay['reservations'] = [];
  for (let index = 0; index < options.count; index++) {
    const tickets = index % 2 === 0 ? 1 : 2;
    const slotId = sourceSlotIds[index % sourceSlotIds.length]!;
    const email = `${options.tag}-${index + 1}@example.jp`;
    const order = await readyOrder(app, db, { ...product, spanId: slotId }, tickets, email);
    const paid = await payWithCard(app, order.token);
    expect(paid.statusCode).toBe(200);
    const token = paid.json<{ reservation_token: string }>().reservation_token;
    const { rows } = await db.execute<{ id: string }>(
      sql`SELECT id FROM reservations WHERE reservation_token = ${token}`,
    );
    reservations.push({ id: Number(rows[0]!.id), token, orderId: order.id, tickets, slotId, email });
  }
  return {
    productId: product.id,
    productUuid: product.uuid,
    optionValueIds: product.optionValueIds,
    date,
    sourceSlotIds,
    targetSlotIds,
    reservations,
  };
}

/**
 * What the plan must be, computed here on its own: first come first served, whole reservations, each to the
 * first target in time order with room. Answers the target of each reservation (null: does not fit).
 */
export function expectedTargets(day: ClosedDay, capacities: number[]): (number | null)[] {
  const left = [...capacities];
  return day.reservations.map((reservation) => {
    const index = left.findIndex((free) => free >= reservation.tickets);
    if (index < 0) return null;
    left[index]! -= reservation.tickets;
    return day.targetSlotIds[index]!;
  });
}

/**
 * Splits one ticket of a reservation off to a companion (ADR 021) and sends the share's link to `email`
 * ("Send tickets"), which is how a share gets an address to be told of moves (ADR 107).
 */
export async function shareOneTicket(app: App, db: Db, day: ClosedDay, token: string, email: string) {
  const response = await app.inject({
    method: 'POST',
    url: `${SITE_PATH}/tickets/share/${token}`,
    headers: xsrfHeaders(),
    payload: { tickets: [{ option_value_id: day.optionValueIds[0], count: 1 }] },
  });
  expect(response.statusCode).toBe(201);
  const shareToken = response.json<{ share_token: string }>().share_token;
  const sent = await app.inject({
    method: 'POST',
    url: `${SITE_PATH}/tickets/send/${shareToken}`,
    headers: xsrfHeaders(),
    payload: { email, lang: 'en' },
  });
  expect(sent.statusCode, sent.body).toBe(202);
  return shareToken;
}

export async function rowsOf<T extends Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>) {
  return (await db.execute<T>(query)).rows;
}

/** The moved-visit mails queued (visit_moved to holders, shared_visit_moved to share recipients, ADR 107). */
export async function movedMails(db: Db) {
  return rowsOf<{
    kind: string;
    to_address: string;
    payload: { choiceUrl?: string; ticketUrl: string; startsAt: string };
  }>(
    db,
    sql`SELECT kind, to_address, payload FROM mail_outbox
        WHERE kind IN ('visit_moved', 'shared_visit_moved') ORDER BY id`,
  );
}

/** The token of a self-service link in a mail. */
export function tokenOfLink(url: string): string {
  return decodeURIComponent(url.split('#/moved-visit/')[1]!);
}
