import { paymentMethodEntry } from '@kippu/contract';
import { defineGatewayFamily } from '../gateway-family.ts';
import { onAccountProvider } from './on-account-provider.ts';

/**
 * `on-account` (issue 30, ADR 088): a partner's booking owed at net price. Partner-side only: a site offers
 * it on channel OTA alone (its payment_methods row), and a visitor's order is never OTA (web, kiosk, spot), so
 * every visitor checkout refuses it as a method not offered; the web's payment screen never lists its kind;
 * and the provider declines any order no partner booked. The partner booking path pays with it through
 * domain/checkout/pay-on-account.ts (net prices, then the one settle path). No routes.
 */
export const onAccountFamily = defineGatewayFamily({
  name: 'on-account',
  methods: [paymentMethodEntry('on_account')],
  createProviders: ({ db }) => ({ on_account: onAccountProvider(db) }),
});
