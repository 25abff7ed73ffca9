import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { verifyQueueToken } from './queue-token.ts';
import { claimAdmission, recordAdmissionOrder, returnAdmission } from './queue-store.ts';
import type { WaitingRoom } from './waiting-room.ts';

/** What the gate needs to know about the hold's request. */
export interface GateRequest {
  site: string;
  productUuid: string;
  /** Staff, box-office and kiosk devices, partner tokens: never queued (isExemptFromVisitorLimits). */
  exempt: boolean;
  /** The place token the request carries for the product (cookie or header), if any. */
  tokenFor: (productId: number) => string | undefined;
  /** APP_SECRET and the previous ones still accepted. */
  secrets: readonly string[];
}

/**
 * The waiting room's gate on a hold (`POST /orders`, the spot hold; ADR 095). Without a queue in force for
 * the product it costs a map lookup (the per-process snapshot) and counts the hold toward automatic
 * engagement. With one, the hold needs the visitor's admission: it is used by this hold (two tabs at once:
 * one wins), given back when the hold fails (no seat in that slot, a bad form), recorded with the order
 * when it succeeds. Refusals: `waiting room required` (no place, a tampered or foreign token, still
 * waiting) and `waiting room admission expired` (past the window, or already used).
 */
export async function holdThroughWaitingRoom<T extends { orderToken: string }>(
  room: WaitingRoom,
  db: Db,
  request: GateRequest,
  hold: () => Promise<T>,
): Promise<T> {
  if (request.exempt) return hold();
  const queue = await room.queueForUuid(request.site, request.productUuid);
  if (!queue) {
    room.notePressure(request.site, request.productUuid);
    return hold();
  }
  const place = verifyQueueToken(
    request.tokenFor(queue.productId),
    request.secrets,
    request.site,
    queue.productId,
  );
  const refusal = await claimAdmission(db, request.site, queue.productId, place?.entryId ?? null);
  if (refusal !== null) throw new AppError(refusal);
  const entryId = place!.entryId;
  let held: T;
  try {
    held = await hold();
  } catch (error) {
    await returnAdmission(db, entryId);
    throw error;
  }
  await recordAdmissionOrder(db, entryId, held.orderToken);
  return held;
}
