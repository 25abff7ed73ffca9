import type { CreateOrderBody, CreateOrderResponse } from '@kippu/contract/endpoints/orders';
import { ROUTES } from '@kippu/contract/routes';
import { ApiError, api } from '../../../../shared/api/api-client.ts';
import { ensureVisitorId } from '../../../../shared/api/visitor-id.ts';
import { QUEUE_TOKEN_HEADER } from '../../waiting-room/api/waiting-room-calls.ts';

/**
 * POST /orders: creates the temporary order that holds the chosen stock. Shows no dialog itself: the caller
 * (useHoldOrder) tells the waiting room's refusals from the others. `queueToken`, the waiting room's place,
 * goes in its header as well as the cookie, so a browser that drops cookies is still admitted.
 */
export async function createTemporaryOrder(
  body: CreateOrderBody,
  queueToken?: string | null,
): Promise<CreateOrderResponse> {
  // Counted as this visitor, not as everyone on the address (ADR 094): the id's cookie first.
  await ensureVisitorId();
  const { data } = await api.call(ROUTES.createOrder, {
    body,
    noErrorDialog: true,
    ...(queueToken ? { headers: { [QUEUE_TOKEN_HEADER]: queueToken } } : {}),
  });
  return data;
}

/**
 * DELETE /orders/{id}: gives back a previous temporary order's hold. A 400 (already gone: expired,
 * cancelled or checked out) is ignored as spec §7 says; any other failure has shown its dialog and
 * is thrown on.
 */
export async function cancelTemporaryOrder(orderToken: string): Promise<void> {
  try {
    await api.call(ROUTES.cancelOrder, { params: { id: orderToken }, ignoredStatuses: [400] });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return;
    throw error;
  }
}
