import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  providerEvent,
  type PaymentAttempt,
  type ProviderEvent,
  type RefundOutcome,
  type RefundRequest,
} from '../domain/payments/payment-provider.ts';

/** The gateway's own view of a payment before a refund: what it still holds, and what the call needs. */
export type GatewayHolding<T> =
  | { kind: 'holding'; remaining: number; trade: T; events: ProviderEvent[] }
  | { kind: 'failed'; code: string; events: ProviderEvent[] };

/** One gateway's refund, for a gateway whose refund call takes no key of ours (GMO-PG, SoftBank). */
export interface KeylessRefund<T> {
  /** Asks the gateway what it holds now (its status call). Throws GatewayUnavailableError on no answer. */
  holding(): Promise<GatewayHolding<T>>;
  /** Gives `amount` back of `remaining` (a full refund when equal). Throws GatewayUnavailableError on no answer. */
  send(trade: T, remaining: number, amount: number, events: ProviderEvent[]): Promise<RefundOutcome>;
}

/** More than the gateway still holds of the payment: refused before any call (ADR 077). */
export const REFUND_EXCEEDS_REMAINING = 'refund_exceeds_remaining';
/** The same refund key with another amount: a caller's mistake, never sent. */
export const REFUND_KEY_REUSED = 'refund_key_reused';

type CallRow = {
  payment_id: string;
  amount: string;
  remaining_before: string;
  provider_reference: string | null;
  done: boolean;
};

/**
 * A refund through a gateway that cannot dedupe by our key (ADR 077): the key's row in
 * gateway_refund_calls is written before the call, with what the gateway held just then. The same key again:
 * a finished row answers `refunded` without a call; an unfinished one (the answer was lost) asks the gateway
 * and reads a holding at or below `remaining_before - amount` as the refund having happened, else sends again.
 * Refunds of one payment are the refunds domain's to serialise; a concurrent refund of another key between
 * the lost answer and the retry would be read as this one (the risk ADR 077 names).
 */
export async function refundOnce<T>(
  db: Db,
  attempt: PaymentAttempt,
  request: RefundRequest,
  gateway: KeylessRefund<T>,
): Promise<RefundOutcome> {
  const { rows } = await db.execute<CallRow>(sql`
    SELECT payment_id, amount, remaining_before, provider_reference, done_at IS NOT NULL AS done
    FROM gateway_refund_calls WHERE refund_key = ${request.refundKey}`);
  const earlier = rows[0];
  if (earlier && (Number(earlier.payment_id) !== attempt.id || Number(earlier.amount) !== request.amount)) {
    return { kind: 'failed', code: REFUND_KEY_REUSED, events: [] };
  }
  if (earlier?.done) {
    const events = [providerEvent('refund_key_done', { refundKey: request.refundKey })];
    return { kind: 'refunded', providerReference: earlier.provider_reference, events };
  }

  const held = await gateway.holding();
  if (held.kind === 'failed') return held;
  const { remaining, trade, events } = held;
  if (earlier && remaining <= Number(earlier.remaining_before) - request.amount) {
    await finish(db, request.refundKey, null);
    events.push(providerEvent('refund_found_done', { refundKey: request.refundKey, remaining }));
    return { kind: 'refunded', providerReference: null, events };
  }
  // The whole payment asked back and nothing left at the gateway: it is all given back already (the
  // critical refund again, or staff at the gateway's own console), so nothing is owed.
  if (remaining === 0 && request.amount === attempt.amount) {
    return { kind: 'refunded', providerReference: null, events };
  }
  if (request.amount > remaining) {
    events.push(providerEvent('refund_refused', { amount: request.amount, remaining }));
    return { kind: 'failed', code: REFUND_EXCEEDS_REMAINING, events };
  }
  if (!earlier) {
    await db.execute(sql`
      INSERT INTO gateway_refund_calls (refund_key, payment_id, amount, remaining_before)
      VALUES (${request.refundKey}, ${attempt.id}, ${request.amount}, ${remaining})
      ON CONFLICT (refund_key) DO NOTHING`);
  }
  const outcome = await gateway.send(trade, remaining, request.amount, events);
  if (outcome.kind === 'refunded') await finish(db, request.refundKey, outcome.providerReference);
  // Refused by the gateway: nothing moved, so the key may be tried afresh.
  if (outcome.kind === 'failed') {
    await db.execute(sql`
      DELETE FROM gateway_refund_calls WHERE refund_key = ${request.refundKey} AND done_at IS NULL`);
  }
  return outcome;
}

async function finish(db: Db, refundKey: string, providerReference: string | null): Promise<void> {
  await db.execute(sql`
    UPDATE gateway_refund_calls SET done_at = now(), provider_reference = ${providerReference}
    WHERE refund_key = ${refundKey}`);
}
