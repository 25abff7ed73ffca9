import type { FastifyInstance } from 'fastify';
import type * as GatewaySimulatorModule from '@kippu/gateway-simulator';
import type { GmoSimulator } from '@kippu/gateway-simulator';
import { publicOrigin } from '../domain/links.ts';
import { GatewayUnavailableError } from '../domain/payments/payment-provider.ts';
import { AppError } from '../shared/app-error.ts';

/*
 * The server's one door to the gateway simulator (apps/gateway-simulator, ADR 060). The simulator is a
 * workspace of its own and is never loaded in production unless ALLOW_SIMULATOR_IN_PRODUCTION=true (a
 * public demo): app.ts and database.ts await loadGatewaySimulator() only while GATEWAY_SIMULATOR is on (a
 * dynamic import, so a production build and start with it off never reach it); the payment families' wiring then calls the functions below, which hand the call
 * to the loaded module. Its paths and test credentials are the contract's (gateway-simulator.ts), read
 * without loading anything.
 */

type GatewaySimulator = typeof GatewaySimulatorModule;

let loaded: GatewaySimulator | undefined;

/** Loads the simulator once per process (later calls answer the same module). */
export async function loadGatewaySimulator(): Promise<GatewaySimulator> {
  loaded ??= await import('@kippu/gateway-simulator');
  return loaded;
}

function simulator(): GatewaySimulator {
  if (!loaded) {
    throw new Error(
      'gateway simulator not loaded: a gateway family is simulated, but GATEWAY_SIMULATOR is off',
    );
  }
  return loaded;
}

export type { GmoSimulatorHooks } from '@kippu/gateway-simulator';
export {
  DPAY_SIMULATOR_MERCHANT,
  DPAY_SIMULATOR_PATHS,
  GMO_SIMULATOR_PATHS,
  SOFTBANK_SIMULATOR_PATHS,
  STRIPE_SIMULATOR_KEYS,
  STRIPE_SIMULATOR_PATHS,
} from '@kippu/contract/gateway-simulator';

export const createGmoSimulator: GatewaySimulator['createGmoSimulator'] = (...args) =>
  simulator().createGmoSimulator(...args);

/** The GMO simulator in process; its simulated time-out is our "no answer from the gateway". */
export const simulatorGmoTransport = (gmo: GmoSimulator) =>
  simulator().simulatorGmoTransport(gmo, (message, cause) => new GatewayUnavailableError(message, { cause }));

export const createSbpsSimulator: GatewaySimulator['createSbpsSimulator'] = (...args) =>
  simulator().createSbpsSimulator(...args);

export const createStripeSimulator: GatewaySimulator['createStripeSimulator'] = (...args) =>
  simulator().createStripeSimulator(...args);

export const simulatorFetch: GatewaySimulator['simulatorFetch'] = (...args) =>
  simulator().simulatorFetch(...args);

export const deliverStripeEvents: GatewaySimulator['deliverStripeEvents'] = (...args) =>
  simulator().deliverStripeEvents(...args);

export const createCard2Simulator: GatewaySimulator['createCard2Simulator'] = (...args) =>
  simulator().createCard2Simulator(...args);

/** The second/third card processor's simulated time-out (the charge taken, the answer lost). */
export const isCard2Timeout = (error: unknown) => error instanceof simulator().Card2Timeout;

export const createDpaySimulator: GatewaySimulator['createDpaySimulator'] = (...args) =>
  simulator().createDpaySimulator(...args);

/**
 * The simulator's pages and HTTP faces, mounted by app.ts while GATEWAY_SIMULATOR is on: its own pool
 * (another company's server), our public origin, and our one error body for its refusals.
 */
export async function gatewaySimulatorRoutes(app: FastifyInstance): Promise<void> {
  await app.register(simulator().gatewaySimulatorRoutes, {
    db: app.gatewaySimulatorDb,
    origin: publicOrigin(app.env),
    httpError: (code, message) => new AppError(code, message),
  });
}
