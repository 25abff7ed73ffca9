import { fillPath, ROUTES } from '@kippu/contract';
import { gatewayOf, type Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { publicOrigin, siteUrl } from '../../domain/links.ts';
import { createDpaySimulator, DPAY_SIMULATOR_MERCHANT, DPAY_SIMULATOR_PATHS } from '../gateway-simulator.ts';
import { httpDpayTransport, type DpayMerchant, type DpayTransport } from './dpay-protocol.ts';
import { createDpayProvider } from './dpay-provider.ts';
import { withFlow } from '../returns/gateway-returns.ts';

export interface DpayGateway {
  merchant: DpayMerchant;
  transport: DpayTransport;
  simulated: boolean;
  redirectUri: (paymentNumber: string) => string;
  resultUrl: (paymentNumber: string) => string;
}

/**
 * d払い's configuration (ADR 028): the simulator in process while it plays the carrier, else the carrier's
 * endpoints and the merchant's credentials from the environment (all of them, or d_pay is not offered).
 */
export function dpayGateway(db: Db, env: Env): DpayGateway | null {
  const origin = publicOrigin(env);
  const common = {
    // Back from the carrier's login (redirect_uri, `?code=…&state=…` added by the carrier).
    redirectUri: (paymentNumber: string) => origin + fillPath(ROUTES.dpayLoginReturn.path, { paymentNumber }),
    // The carrier's payment page posts its result here.
    resultUrl: (paymentNumber: string) => origin + fillPath(ROUTES.dpayResultReturn.path, { paymentNumber }),
  };
  if (gatewayOf(env, 'DPAY_GATEWAY') === 'simulator') {
    return {
      ...common,
      merchant: {
        ...DPAY_SIMULATOR_MERCHANT,
        authorizationUrl: `${origin}${DPAY_SIMULATOR_PATHS.authorize}`,
      },
      transport: createDpaySimulator(db).transport,
      simulated: true,
    };
  }
  const {
    DPAY_AUTHORIZATION_URL,
    DPAY_API_URL,
    DPAY_CLIENT_ID,
    DPAY_CLIENT_SECRET,
    DPAY_TERMINAL_ID,
    DPAY_SHOP_CODE,
  } = env;
  if (
    !DPAY_AUTHORIZATION_URL ||
    !DPAY_API_URL ||
    !DPAY_CLIENT_ID ||
    !DPAY_CLIENT_SECRET ||
    !DPAY_TERMINAL_ID ||
    !DPAY_SHOP_CODE
  ) {
    return null;
  }
  const merchant = {
    authorizationUrl: DPAY_AUTHORIZATION_URL,
    clientId: DPAY_CLIENT_ID,
    clientSecret: DPAY_CLIENT_SECRET,
    terminalId: DPAY_TERMINAL_ID,
    shopCode: DPAY_SHOP_CODE,
  };
  return {
    ...common,
    merchant,
    transport: httpDpayTransport(DPAY_API_URL, merchant, env.GATEWAY_TIMEOUT_MS),
    simulated: false,
  };
}

/** The d_pay provider for the registry, or none when d払い is not configured. */
export function dpayProvider(db: Db, env: Env) {
  const gateway = dpayGateway(db, env);
  if (!gateway) return {};
  const carrier = new URL(gateway.merchant.authorizationUrl).origin;
  return {
    d_pay: createDpayProvider({
      db,
      transport: gateway.transport,
      confirmScreenUrl: (slug, flow) => siteUrl(env, slug, withFlow('/d-pay-confirm', flow)),
      authorizationUrl: gateway.merchant.authorizationUrl,
      testMode: gateway.simulated,
      // The browser navigates to the carrier's login and posts the payment token to its payment page.
      ...(gateway.simulated ? {} : { contentSecurity: { formAction: [carrier] } }),
    }),
  };
}
