import { paymentMethodEntry } from '@kippu/contract';
import { defineGatewayFamily } from '../gateway-family.ts';
import { cardTerminalProvider, cashProvider } from './counter-provider.ts';

/**
 * `counter`: cash and the card terminal at the box office (issue 29). Staff-side only: the web's payment
 * screen never offers their kinds, and a channel offers them only where the site's rows say so. No routes.
 */
export const counterFamily = defineGatewayFamily({
  name: 'counter',
  methods: [paymentMethodEntry('cash'), paymentMethodEntry('card_terminal')],
  createProviders: () => ({ cash: cashProvider, card_terminal: cardTerminalProvider }),
});
