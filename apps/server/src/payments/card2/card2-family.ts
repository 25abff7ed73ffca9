import { sql } from 'drizzle-orm';
import { ROUTES, type ENVIRONMENTS, type SiteCode, type SiteSettings } from '@kippu/contract';
import { cardProcessorSimulatorPaths } from '@kippu/contract/gateway-simulator';
import { simulatorEnabled } from '../../config/env.ts';
import { secretKeyring } from '../../config/secrets-key.ts';
import { paymentReturnUrl } from '../../domain/payments/payment-returns.ts';
import { GatewayUnavailableError } from '../../domain/payments/payment-provider.ts';
import { readSiteSecret } from '../../domain/sites/site-secrets.ts';
import { createCard2Simulator, isCard2Timeout } from '../gateway-simulator.ts';
import { defineGatewayFamily } from '../gateway-family.ts';
import { cardProcessorOf } from './card2-config.ts';
import { CARD2_REFERENCE, createCard2Provider } from './card2-provider.ts';
import { httpCard2Transport, type Card2Transport } from './card2-protocol.ts';

/**
 * The second and third card processors (ADR 101): on a site whose settings declare one
 * (`payment.secondaryCardProcessor`, `payment.thirdProcessor`), the card methods `gmo` and `gmo_3ds` are
 * taken by it instead of GMO-PG; every other site's stay GMO-PG's. No method of its own: the visitor still
 * chooses "credit card", the site decides who processes it. The 3-D Secure return is gmo_3ds's own
 * (`/payment-return/gmo_3ds/{paymentNumber}`, then exe-payment), so the web's callback flow is the same.
 */
export const card2Family = defineGatewayFamily({
  name: 'card2',
  methods: [],
  takesOver: {
    methods: ['gmo', 'gmo_3ds'],
    declaredBy: (payment) => Boolean(payment?.secondaryCardProcessor || payment?.thirdProcessor),
    owns: (attempt) => CARD2_REFERENCE.test(attempt.providerReference ?? ''),
  },
  createProviders({ db, env }) {
    const environment = env.KIPPU_ENV;
    const processorFromSettings = (
      payment: Partial<SiteSettings['payment']> | undefined,
      at: (typeof ENVIRONMENTS)[number] = environment,
    ) => cardProcessorOf(payment, at);
    const processorOf = async (site: SiteCode) => {
      const { rows } = await db.execute<{ payment: Partial<SiteSettings['payment']> | null }>(
        sql`SELECT settings -> 'payment' AS payment FROM sites WHERE code = ${site}`,
      );
      return processorFromSettings(rows[0]?.payment ?? undefined);
    };

    // A post URL that is a path is the built-in simulator's (development); https is the processor's API.
    const simulators = simulatorEnabled(env)
      ? {
          card2: createCard2Simulator(db, cardProcessorSimulatorPaths('card2').challenge),
          card3: createCard2Simulator(db, cardProcessorSimulatorPaths('card3').challenge),
        }
      : null;
    const keys = secretKeyring(env);
    const http = httpCard2Transport(env.GATEWAY_TIMEOUT_MS, (site) =>
      readSiteSecret(db, keys, site, 'card2_server_key'),
    );
    const transport: Card2Transport = async (site, call, body) => {
      if (!site.postUrl.startsWith('/')) return http(site, call, body);
      const simulator = simulators?.[site.processor];
      if (!simulator) throw new GatewayUnavailableError(`${site.processor}: the simulator is off`);
      const b = body as {
        merchant_id: string;
        order_id: string;
        transaction_id: string;
        amount: number;
        refund_key: string;
      };
      try {
        switch (call) {
          case 'charge':
            return await simulator.charge(body as unknown as Parameters<typeof simulator.charge>[0]);
          case 'status':
            return await simulator.status(b.merchant_id, b.order_id);
          case 'capture':
            return await simulator.capture(b.merchant_id, b.transaction_id);
          case 'refund':
            return await simulator.refund(b.merchant_id, b.transaction_id, b.amount, b.refund_key);
        }
      } catch (error) {
        if (isCard2Timeout(error)) {
          throw new GatewayUnavailableError(`${site.processor}: no answer`, { cause: error });
        }
        throw error;
      }
    };

    const common = {
      transport,
      processorOf,
      processorFromSettings,
      returnUrl: (attempt: { paymentNumber: string }) =>
        paymentReturnUrl(env, ROUTES.gmo3dsReturnGet, attempt.paymentNumber),
    };
    return {
      gmo: createCard2Provider({ ...common, threeDSecure: false }),
      gmo_3ds: createCard2Provider({ ...common, threeDSecure: true }),
    };
  },
});
