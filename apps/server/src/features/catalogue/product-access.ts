import type { SalesChannel } from '@kippu/contract';
import { AppError } from '../../shared/app-error.ts';
import type { ProductRow } from './find-slots.ts';

/**
 * The product a call named by uuid: unknown (or another site's) is 'record not found', one not sold
 * on the channel is 'invalid channel'.
 */
export function requireProductOnChannel(products: ProductRow[], channel: SalesChannel): ProductRow {
  const product = products[0];
  if (!product) throw new AppError('record_not_found');
  if (!product.saleChannels.includes(channel)) throw new AppError('invalid_channel');
  return product;
}
