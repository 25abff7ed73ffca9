import { paymentMethodEntry } from '@kippu/contract';
import { createSbpsSimulator } from '../gateway-simulator.ts';
import { defineGatewayFamily } from '../gateway-family.ts';
import { sbpsConfig } from './sbps-config.ts';
import { createSbpsProvider, httpSbpsTransport } from './sbps-link-provider.ts';
import { softbankPaymentRoutes } from './softbank-routes.ts';

/**
 * SoftBank Payment Service link type (ADR 027): card, card with 3-D Secure, Alipay and PayPay over one
 * signed protocol; the XML API (status, refund) over HTTP or to the simulator in process.
 */
export const softbankFamily = defineGatewayFamily({
  name: 'softbank',
  methods: [
    paymentMethodEntry('softbank_credit'),
    paymentMethodEntry('softbank_3ds'),
    paymentMethodEntry('softbank_alipay'),
    paymentMethodEntry('softbank_paypay'),
  ],
  createProviders({ db, env }) {
    const config = sbpsConfig(env, db);
    const simulator = config.simulated ? createSbpsSimulator(db) : undefined;
    const transport = simulator ? (xml: string) => simulator.api(xml) : httpSbpsTransport(config);
    return {
      softbank_credit: createSbpsProvider(config, transport, 'softbank_credit', db),
      softbank_3ds: createSbpsProvider(config, transport, 'softbank_3ds', db),
      softbank_alipay: createSbpsProvider(config, transport, 'softbank_alipay', db),
      softbank_paypay: createSbpsProvider(config, transport, 'softbank_paypay', db),
    };
  },
  routes: softbankPaymentRoutes,
});
