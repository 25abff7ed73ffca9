import type { CreateOrderBody, CreateOrderResponse } from '@kippu/contract/endpoints/orders';
import { ROUTES } from '@kippu/contract/routes';
import { ApiError, api } from '../../../../shared/api/api-client.ts';

/** POST /orders: creates the temporary order that holds the chosen stock. */
export async function createTemporaryOrder(body: CreateOrderBody): Promise<CreateOrderResponse> {
  const { data } = await api.call(ROUTES.createOrder, { body });
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
