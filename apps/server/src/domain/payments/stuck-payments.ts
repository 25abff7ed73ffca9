import { sql } from 'drizzle-orm';
import type { PaymentMethod, SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';

/** One attempt the gateway kept calling pending past PAYMENT_STUCK_AFTER_HOURS (ADR 047). */
export interface StuckPayment {
  site: SiteCode;
  orderId: number;
  paymentNumber: string;
  method: PaymentMethod;
  amount: number;
  currency: string;
  createdAt: Date;
  stuckAt: Date;
  /** Hours since the attempt began. */
  ageHours: number;
  /** The last exchange recorded with the gateway ('reconciliation {"status":"pending"}'), or null. */
  lastAnswer: string | null;
}

/** The attempt's columns; its times as text (`::text`, which `new Date` reads). */
type StuckRow = Pick<Row<'payments'>, 'site_code' | 'order_id' | 'payment_number' | 'amount' | 'currency'> & {
  method: PaymentMethod;
  created_at: string;
  stuck_at: string;
  /** A numeric (an epoch difference over 3600): pg's text. */
  age_hours: string;
  last_event: { call: string; at: string; result: Record<string, unknown> } | null;
};

/**
 * The attempts flagged as stuck and still in flight, oldest first: what staff must settle by hand with the
 * gateway's console (the money may have moved). Read by `npm run stuck-payments` until the console's
 * dashboard shows them.
 */
export async function stuckPayments(db: Pick<Db, 'execute'>): Promise<StuckPayment[]> {
  const { rows } = await db.execute<StuckRow>(sql`
    SELECT site_code, order_id, payment_number, method, amount, currency,
           created_at::text AS created_at, stuck_at::text AS stuck_at,
           extract(epoch FROM now() - created_at) / 3600 AS age_hours,
           provider_events -> -1 AS last_event
    FROM payments
    WHERE stuck_at IS NOT NULL AND status IN ('created', 'pending')
    ORDER BY created_at`);
  return rows.map((row) => ({
    site: row.site_code,
    orderId: Number(row.order_id),
    paymentNumber: row.payment_number,
    method: row.method,
    amount: Number(row.amount),
    currency: row.currency,
    createdAt: new Date(row.created_at),
    stuckAt: new Date(row.stuck_at),
    ageHours: Number(row.age_hours),
    lastAnswer: row.last_event
      ? `${row.last_event.call} ${JSON.stringify(row.last_event.result)} at ${row.last_event.at}`
      : null,
  }));
}
