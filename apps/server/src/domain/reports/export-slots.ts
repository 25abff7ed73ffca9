import { AppError } from '../../shared/app-error.ts';

/**
 * How many exports run at once (ADR 085 addendum). Each holds a pooled connection and an open transaction for
 * as long as its reader downloads, so a few slow downloads could take the pool from the visitors: at most 2 per
 * organisation and 4 per process; one more answers 429 `too many requests` at once (never queued: the browser's
 * download would wait with no word). Counted per process: each server process has its own pool to protect.
 */
export const EXPORT_LIMITS = { perOrganisation: 2, perProcess: 4 } as const;

let running = 0;
const byOrganisation = new Map<number, number>();

/** Exports holding a connection now: in the process and for one organisation (tests and health read it). */
export function exportsRunning(organisationId?: number): number {
  return organisationId === undefined ? running : (byOrganisation.get(organisationId) ?? 0);
}

/**
 * Takes a slot for one export of `organisationId`, or refuses with too_many_requests (429). The answer gives it
 * back, once however often it is called, when the export's connection is released.
 */
export function takeExportSlot(organisationId: number): () => void {
  const own = byOrganisation.get(organisationId) ?? 0;
  if (running >= EXPORT_LIMITS.perProcess || own >= EXPORT_LIMITS.perOrganisation) {
    throw new AppError('too_many_requests', 'too many exports at once: try again when one has finished');
  }
  running += 1;
  byOrganisation.set(organisationId, own + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running -= 1;
    const left = (byOrganisation.get(organisationId) ?? 1) - 1;
    if (left > 0) byOrganisation.set(organisationId, left);
    else byOrganisation.delete(organisationId);
  };
}
