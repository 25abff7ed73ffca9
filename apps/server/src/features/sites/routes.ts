import type { FastifyInstance } from 'fastify';
import {
  configurationsEndpoint,
  fieldTemplatesEndpoint,
  langsEndpoint,
  paymentMethodsEndpoint,
  textsEndpoint,
} from '@kippu/contract';
import { getConfiguration } from './services/get-configuration.ts';
import { listFieldTemplates } from './services/list-field-templates.ts';
import { listLanguages } from './services/list-languages.ts';
import { listPaymentMethods } from './services/list-payment-methods.ts';
import { listTexts } from './services/list-texts.ts';
import { withPublicPaymentFields } from '../../domain/payments/public-payment-fields.ts';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';

/** Site data changes rarely; a minute of caching takes the layout's start-up calls off the server. */
const CACHE_ONE_MINUTE = 'public, max-age=60';
const tags = ['sites'];

/** langs, texts, configurations, field_templates, paymentmethods: all scoped by the request's site. */
export async function sitesRoutes(app: FastifyInstance): Promise<void> {
  // preHandler runs after validation, so a rejected query is not cached.
  app.addHook('preHandler', async (_request, reply) => {
    reply.header('cache-control', CACHE_ONE_MINUTE);
  });
  const documented = { schema: { tags } };

  // Plain reads of site data: a replica's (app.reads, ADR 097) when one is configured; a minute old is fine.
  const { reads } = app;
  registerEndpoint(app, langsEndpoint, documented, (request) =>
    reads.read((db) => listLanguages(db, request.site)),
  );
  registerEndpoint(app, textsEndpoint, documented, (request) =>
    reads.read((db) => listTexts(db, request.site, request.query.lang)),
  );
  registerEndpoint(app, configurationsEndpoint, documented, (request) =>
    reads.read((db) => getConfiguration(db, app.env, request.site)),
  );
  registerEndpoint(app, fieldTemplatesEndpoint, documented, (request) =>
    reads.read((db) => listFieldTemplates(db, request.site)),
  );
  registerEndpoint(app, paymentMethodsEndpoint, documented, async (request) => {
    const { lang, channel } = request.query;
    return reads.read(async (db) => {
      const methods = await listPaymentMethods(db, request.site, channel, lang);
      return withPublicPaymentFields(db, app.payments, request.site, methods);
    });
  });
}
