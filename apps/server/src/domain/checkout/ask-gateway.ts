import { recordEvents, type StoredAttempt } from '../payments/payment-attempts.ts';
import { providerEvent, type GatewayStatus } from '../payments/payment-provider.ts';
import type { CompleteDeps } from './complete-attempt.ts';
import { settleAttempt } from './settle-attempt.ts';

/**
 * Asks an attempt's gateway what became of it and settles the answer through settleAttempt (a query:
 * nothing is charged). `abandoned`: its process died before storing the gateway's answer (ADR 047), so
 * the provider's `abandon` answers, which counts an entry never executed as failed. Confirmed → reserved;
 * failed or unknown to the gateway → declined (nothing charged, the visitor may pay again); pending or no
 * answer → left in flight with the answer recorded. Answers what the gateway said, or null for no answer.
 */
export async function askGateway(
  deps: CompleteDeps,
  attempt: StoredAttempt,
  source: 'reconciliation' | 'recovery' | 'checkout_retry',
  abandoned: boolean,
): Promise<GatewayStatus | null> {
  const provider = deps.payments.providerFor(attempt.method);
  if (!provider) return null;
  let status: GatewayStatus;
  try {
    status = abandoned && provider.abandon ? await provider.abandon(attempt) : await provider.status(attempt);
  } catch (error) {
    deps.log.error({ err: error, paymentId: attempt.id, source }, 'the gateway gave no answer');
    await recordEvents(deps.db, attempt.id, [providerEvent(source, { error: (error as Error).message })]);
    return null;
  }
  const events = [providerEvent(source, { status })];
  if (status === 'pending') {
    await recordEvents(deps.db, attempt.id, events);
    return status;
  }
  // not_found: the gateway never took the attempt (its start was lost before it arrived): nothing charged.
  const code = source === 'reconciliation' ? `reconciled_${status}` : `recovered_${status}`;
  await settleAttempt(
    deps,
    provider,
    attempt,
    status === 'confirmed'
      ? { kind: 'done', providerReference: null, events }
      : { kind: 'declined', providerReference: null, code, events },
  );
  return status;
}
