import { paymentMethodEntry } from '@kippu/contract';
import { defineGatewayFamily } from '../gateway-family.ts';
import { freeProvider } from './free-provider.ts';

/** `free`: an order that totals nothing is reserved without any gateway; no routes. */
export const freeFamily = defineGatewayFamily({
  name: 'free',
  methods: [paymentMethodEntry('free')],
  createProviders: () => ({ free: freeProvider }),
});
