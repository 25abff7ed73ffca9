import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { toAttempt, type AttemptRow, type StoredAttempt } from '../payments/payment-attempts.ts';
import {
  GatewayUnavailableError,
  providerEvent,
  type CompleteOutcome,
} from '../payments/payment-provider.ts';
import type { PaymentRegistry } from '../payments/payment-registry.ts';
import { settleAttempt, type AttemptOutcome, type SettleDeps } from './settle-attempt.ts';

/** How a gateway's return or notification names its attempt. */
export type AttemptLookup =
  { paymentNumber: string } | { providerReference: string } | { idempotencyKey: string };

function whereOf(lookup: AttemptLookup): SQL {
  if ('paymentNumber' in lookup) return sql`p.payment_number = ${lookup.paymentNumber}`;
  if ('providerReference' in lookup) return sql`p.provider_reference = ${lookup.providerReference}`;
  return sql`p.idempotency_key = ${lookup.idempotencyKey}`;
}

/** An attempt with the site slug its browser belongs to. */
export type FoundAttempt = StoredAttempt & { siteSlug: string; failureCode: string | null };

export async function findReturnedAttempt(db: Db, lookup: AttemptLookup): Promise<FoundAttempt | undefined> {
  const { rows } = await db.execute<AttemptRow & { site_slug: string; failure_code: string | null }>(sql`
    SELECT p.*, s.slug AS site_slug FROM payments p JOIN sites s ON s.code = p.site_code
    WHERE ${whereOf(lookup)}`);
  const row = rows[0];
  return row ? { ...toAttempt(row), siteSlug: row.site_slug, failureCode: row.failure_code } : undefined;
}

const IN_FLIGHT = new Set(['created', 'pending']);

/**
 * A gateway's return or notification for an attempt (ADR 028): the attempt's provider is asked what became of
 * it (`complete`), and the answer is settled through settleAttempt, which applies an outcome once however many
 * returns and notifications arrive. An attempt already settled is left as it is (no gateway call). Returns the
 * attempt as it stands afterwards.
 */
export async function settleGatewayReturn(
  deps: SettleDeps & { payments: PaymentRegistry },
  attempt: FoundAttempt,
  callback: Record<string, string>,
  reference: string | null = null,
): Promise<FoundAttempt> {
  if (IN_FLIGHT.has(attempt.status)) {
    const provider = deps.payments.providerFor(attempt.method);
    if (!provider) throw new GatewayUnavailableError(`no provider for ${attempt.method}`);
    let answer: CompleteOutcome;
    try {
      answer = await provider.complete(attempt, callback);
    } catch (error) {
      deps.log.error({ err: error, paymentId: attempt.id }, 'gateway gave no answer to a completion');
      answer = { kind: 'pending', events: [providerEvent('complete', { error: (error as Error).message })] };
    }
    const outcome: AttemptOutcome | null =
      answer.kind === 'done'
        ? { kind: 'done', providerReference: reference, events: answer.events }
        : answer.kind === 'declined'
          ? { kind: 'declined', providerReference: reference, code: answer.code, events: answer.events }
          : null;
    if (outcome) await settleAttempt(deps, provider, attempt, outcome);
  }
  return (await findReturnedAttempt(deps.db, { paymentNumber: attempt.paymentNumber }))!;
}
