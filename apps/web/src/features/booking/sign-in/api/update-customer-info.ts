import type { UpdateOrderBody, UpdateOrderResponse } from '@kippu/contract/endpoints/orders';
import { ROUTES } from '@kippu/contract/routes';
import { api } from '../../../../shared/api/api-client.ts';

/** PUT /orders/{id}: stores the order-form contents on the temporary order. */
export async function updateCustomerInfo(
  orderToken: string,
  body: UpdateOrderBody,
): Promise<UpdateOrderResponse> {
  const { data } = await api.call(ROUTES.updateOrder, { params: { id: orderToken }, body });
  return data;
}
