/**
 * The gateway simulator (ADR 017, 060): stand-ins for GMO-PG, Stripe, SoftBank Payment Service and d払い,
 * with their pages, their HTTP faces (one Fastify plugin) and their state in the `gateway_sim` schema.
 * The server loads this module only while GATEWAY_SIMULATOR is on (off by default in production, and on
 * there only with ALLOW_SIMULATOR_IN_PRODUCTION=true), through its one door
 * apps/server/src/payments/gateway-simulator.ts, and passes in what it needs of its host (options.ts).
 */
export { migrateGatewaySimulator, SIMULATOR_SCHEMA } from './db/migrate.ts';
export type { SimDb } from './db/sim-db.ts';
export type { GatewaySimulatorOptions } from './options.ts';
export { gatewaySimulatorRoutes } from './routes.ts';
export {
  createGmoSimulator,
  simulatorGmoTransport,
  type GmoSimulator,
  type GmoSimulatorHooks,
} from './gmo/gmo-simulator.ts';
export {
  createStripeSimulator,
  simulatorFetch,
  stripeSimulatorAccountOf,
  type StripeSimulator,
  type StripeSimulatorOptions,
} from './stripe/stripe-simulator.ts';
export { deliverStripeEvents } from './stripe/stripe-webhook-delivery.ts';
export { createSbpsSimulator, type SbpsSimulator } from './softbank/softbank-simulator.ts';
export { createDpaySimulator, type DpaySimulator } from './dpay/dpay-simulator.ts';
export {
  createCard2Simulator,
  Card2Timeout,
  CARD2_CODES,
  type Card2Simulator,
  type Card2Charge,
  type Card2ChargeAnswer,
  type Card2StatusAnswer,
  type Card2RefundAnswer,
} from './card2/card2-simulator.ts';
