import { paymentMethodEntry } from '@kippu/contract';
import { defineGatewayFamily } from '../gateway-family.ts';
import { dpayProvider } from './dpay-gateway.ts';
import { dpayRoutes } from './dpay-routes.ts';

/**
 * d払い (carrier billing, ADR 028): the carrier's login, then its payment page. Not served when the carrier
 * is real and its configuration incomplete. Its routes include the SPA's two calls under the site's path.
 */
export const dpayFamily = defineGatewayFamily({
  name: 'dpay',
  methods: [paymentMethodEntry('d_pay')],
  createProviders: ({ db, env }) => dpayProvider(db, env),
  routes: dpayRoutes,
});
