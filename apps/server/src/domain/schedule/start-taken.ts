import { AppError } from '../../shared/app-error.ts';

/** The unique index on time_spans (product_id, starts_at) (migration 0100): one slot per start of a product. */
const START_INDEX = 'time_spans_product_start_uidx';

/** Whether `error` (or its cause) is PostgreSQL's unique violation (23505) on a product's start. */
export function isStartViolation(error: unknown): boolean {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505' && e.constraint === START_INDEX) return true;
  }
  return false;
}

/**
 * Runs a write that may put a slot on a start its product has, answering `refusal()` (console_slot_start_taken)
 * for the unique violation: the check before the write cannot see a slot another transaction has inserted and
 * not committed yet, so the index decides the race, and it is answered as the check would have (never a 5xx).
 * The transaction is aborted by then; the thrown refusal rolls it back.
 */
export async function refusingTakenStart<T>(write: () => Promise<T>, refusal: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isStartViolation(error)) throw refusal();
    throw error;
  }
}
