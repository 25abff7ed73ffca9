import { ROUTES } from '@kippu/contract/routes';
import { api } from './api-client.ts';

/**
 * The visitor id (issue 31, ADR 094): the server counts hold caps and rate limits per visitor by a signed,
 * HttpOnly cookie that only a `no-store` answer sets, so the app asks for it once (`GET /visitor`) on start,
 * and a hold waits for that answer: without it, the hold would count under the address, shared with
 * everyone on the same network. Quiet: a failure only means the address counts, as before.
 */
let asked: Promise<void> | null = null;

export function ensureVisitorId(): Promise<void> {
  // In the background (no loading bar) and at most a few seconds: a hold must not wait long for it.
  asked ??= api.call(ROUTES.visitor, { noErrorDialog: true, background: true, timeout: 5000 }).then(
    () => undefined,
    () => {
      // Asked again before the next hold: the network may be back.
      asked = null;
    },
  );
  return asked;
}
