import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Row } from '../../db/generated/rows.ts';
import { toAttempt, type AttemptRow, type StoredAttempt } from '../../domain/payments/payment-attempts.ts';
import type { PaymentFlow } from '@kippu/contract';
import { orderFlowSql } from '../../domain/checkout/attempt-answer.ts';
import { completeAttempt, type CompleteDeps } from '../../domain/checkout/complete-attempt.ts';

/** How a gateway's return or notification names its attempt. */
export type AttemptLookup =
  { paymentNumber: string } | { providerReference: string } | { idempotencyKey: string };

function whereOf(lookup: AttemptLookup): SQL {
  if ('paymentNumber' in lookup) return sql`p.payment_number = ${lookup.paymentNumber}`;
  if ('providerReference' in lookup) return sql`p.provider_reference = ${lookup.providerReference}`;
  return sql`p.idempotency_key = ${lookup.idempotencyKey}`;
}

/** An attempt with the site slug its browser belongs to and its order's flow (named in the callback URL). */
export type FoundAttempt = StoredAttempt & {
  siteSlug: string;
  failureCode: string | null;
  flow: PaymentFlow;
};

export async function findReturnedAttempt(db: Db, lookup: AttemptLookup): Promise<FoundAttempt | undefined> {
  const { rows } = await db.execute<
    AttemptRow & Pick<Row<'payments'>, 'failure_code'> & { site_slug: string; flow: PaymentFlow }
  >(sql`
    SELECT p.*, s.slug AS site_slug, ${orderFlowSql(sql.raw('o'))} AS flow
    FROM payments p JOIN sites s ON s.code = p.site_code JOIN orders o ON o.id = p.order_id
    WHERE ${whereOf(lookup)}`);
  const row = rows[0];
  return row
    ? { ...toAttempt(row), siteSlug: row.site_slug, failureCode: row.failure_code, flow: row.flow }
    : undefined;
}

/**
 * A gateway's return or notification for an attempt found by findReturnedAttempt (ADR 028): completed by
 * completeAttempt, the one completion every gateway's return goes through, then read again. Returns the
 * attempt as it stands afterwards.
 */
export async function settleGatewayReturn(
  deps: CompleteDeps,
  attempt: FoundAttempt,
  callback: Record<string, string>,
  source: string,
  reference: string | null = null,
): Promise<FoundAttempt> {
  await completeAttempt(deps, attempt, callback, source, reference);
  return (await findReturnedAttempt(deps.db, { paymentNumber: attempt.paymentNumber }))!;
}
