import { paymentMethodEntry, ROUTES } from '@kippu/contract';
import { simulatorEnabled, type Env } from '../../config/env.ts';
import { paymentReturnUrl } from '../../domain/payments/payment-returns.ts';
import {
  createGmoSimulator,
  GMO_SIMULATOR_PATHS,
  simulatorGmoTransport,
  type GmoSimulatorHooks,
} from '../gateway-simulator.ts';
import { defineGatewayFamily } from '../gateway-family.ts';
import { createGmoCardProvider } from './gmo-card-provider.ts';
import { httpGmoTransport } from './gmo-protocol.ts';
import { gmoReturnRoutes } from './gmo-routes.ts';
import { gmoShopDirectory } from './gmo-shops.ts';
import { secretKeyring } from '../../config/secrets-key.ts';
import { createGmoWalletProvider } from './gmo-wallet-provider.ts';

/** The simulator's crash hook (GATEWAY_SIM_STOP_AT), only ever under NODE_ENV=test (ADR 047). */
function simulatorHooks(env: Env): GmoSimulatorHooks {
  if (env.NODE_ENV !== 'test' || !env.GATEWAY_SIM_STOP_AT) return {};
  return {
    stopAt: env.GATEWAY_SIM_STOP_AT,
    // The test waits for this line on the server's output, then kills the process.
    onStop: (point: string) => process.stdout.write(`gateway-sim: stopped at ${point}\n`),
  };
}

/**
 * GMO-PG (ADR 026): the plain card (`gmo`), the card with 3-D Secure 2 (`gmo_3ds`), and the wallets PayPay
 * (`gmo_paypay`) and Alipay (`alipay`), over one transport (the simulator in process, or GMO's API). Gateway
 * returns come back through the return routes: the payment number names the attempt, and through it the
 * site. The 3-D Secure completion the SPA calls (exe-payment) is the payment-callbacks feature's.
 */
export const gmoFamily = defineGatewayFamily({
  name: 'gmo',
  methods: [
    paymentMethodEntry('gmo'),
    paymentMethodEntry('gmo_3ds'),
    paymentMethodEntry('gmo_paypay'),
    paymentMethodEntry('alipay'),
  ],
  createProviders({ db, env }) {
    const simulated = (env.GMO_GATEWAY ?? (simulatorEnabled(env) ? 'simulator' : 'real')) === 'simulator';
    const transport = simulated
      ? simulatorGmoTransport(createGmoSimulator(db, simulatorHooks(env)))
      : httpGmoTransport(env.GMO_API_URL, env.GATEWAY_TIMEOUT_MS);
    const shopOf = gmoShopDirectory(db, simulated, secretKeyring(env));
    const tokenOrigin = new URL(env.GMO_TOKEN_SCRIPT_URL).origin;
    const card = {
      transport,
      refundCalls: db,
      shopOf,
      tokenScriptUrl: simulated ? GMO_SIMULATOR_PATHS.tokenScript : env.GMO_TOKEN_SCRIPT_URL,
      testMode: simulated,
      // The real token script comes from GMO's origin and posts the card there; the simulator is ours.
      ...(simulated ? {} : { contentSecurity: { scriptSrc: [tokenOrigin], connectSrc: [tokenOrigin] } }),
    };
    const returnTo = (route: { path: string }) => (attempt: { paymentNumber: string }) =>
      paymentReturnUrl(env, route, attempt.paymentNumber);
    return {
      gmo: createGmoCardProvider({ ...card, threeDSecure: false }),
      gmo_3ds: createGmoCardProvider({
        ...card,
        threeDSecure: true,
        returnUrl: returnTo(ROUTES.gmo3dsReturnGet),
      }),
      gmo_paypay: createGmoWalletProvider({
        wallet: 'paypay',
        transport,
        refundCalls: db,
        shopOf,
        returnUrl: returnTo(ROUTES.gmoPaypayReturnGet),
      }),
      alipay: createGmoWalletProvider({
        wallet: 'alipay',
        transport,
        refundCalls: db,
        shopOf,
        returnUrl: returnTo(ROUTES.alipayReturnGet),
      }),
    };
  },
  routes: gmoReturnRoutes,
});
