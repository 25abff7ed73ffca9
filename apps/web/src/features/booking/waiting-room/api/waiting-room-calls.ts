import type { WaitingRoomEntry } from '@kippu/contract/endpoints/waiting-room';
import { ROUTES } from '@kippu/contract/routes';
import { ApiError, api } from '../../../../shared/api/api-client.ts';

export type { WaitingRoomEntry } from '@kippu/contract/endpoints/waiting-room';

/**
 * The contract's `WAITING_ROOM_TOKEN_HEADER`, spelt here because the contract's module carries zod, which
 * the order screen's chunk must not load (a test keeps the two equal).
 */
export const QUEUE_TOKEN_HEADER = 'kippu-queue-token';

/** The longest the page waits for a long poll the server holds for at most 20 s (a proxy may drop it). */
const LONG_POLL_TIMEOUT_MS = 35_000;

const tokenHeader = (token: string | null | undefined) =>
  token ? { headers: { [QUEUE_TOKEN_HEADER]: token } } : {};

/**
 * POST /waiting-room/entries: joins the product's queue, or answers the place this visitor already has
 * (the cookie, or the token the page last saw). The caller shows its own messages and retries.
 */
export async function joinWaitingRoom(
  productUuid: string,
  token: string | null,
  signal?: AbortSignal,
): Promise<WaitingRoomEntry> {
  const { data } = await api.call(ROUTES.joinWaitingRoom, {
    body: { product_uuid: productUuid },
    signal,
    noErrorDialog: true,
    ...tokenHeader(token),
  });
  return data;
}

/**
 * GET /waiting-room/entries/current?wait=1&seen=: the visitor's place, answered when it changes from the state
 * last `seen` or after at most 20 s. In the background: the loading indicator does not show for the whole wait.
 */
export async function waitForEntryChange(
  productUuid: string,
  token: string | null,
  seen: WaitingRoomEntry['state'],
  signal?: AbortSignal,
): Promise<WaitingRoomEntry> {
  const { data } = await api.call(ROUTES.waitingRoomEntry, {
    query: { product_uuid: productUuid, wait: '1', seen },
    signal,
    timeout: LONG_POLL_TIMEOUT_MS,
    noErrorDialog: true,
    background: true,
    ...tokenHeader(token),
  });
  return data;
}

/**
 * GET /waiting-room/status: whether a queue is in force for the product now (cached for a second). Asked as
 * the visitor presses Continue, so a rush's refused holds never reach the order path; any failure answers
 * false and the hold itself decides (its 409 leads to the waiting room too).
 */
export async function isQueueInForce(productUuid: string): Promise<boolean> {
  try {
    const { data } = await api.call(ROUTES.waitingRoomStatus, {
      query: { product_uuid: productUuid },
      noErrorDialog: true,
    });
    return data.active;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}
