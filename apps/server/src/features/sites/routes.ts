import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  configurationResponseSchema,
  fieldTemplatesResponseSchema,
  langsResponseSchema,
  paymentMethodsQuerySchema,
  paymentMethodsResponseSchema,
  textsQuerySchema,
  textsResponseSchema,
} from '@kippu/contract';
import { getConfiguration } from './services/get-configuration.ts';
import { listFieldTemplates } from './services/list-field-templates.ts';
import { listLanguages } from './services/list-languages.ts';
import { listPaymentMethods } from './services/list-payment-methods.ts';
import { listTexts } from './services/list-texts.ts';
import { withPublicPaymentFields } from '../../domain/payments/public-payment-fields.ts';

/** Site data changes rarely; a minute of caching takes the layout's start-up calls off the server. */
const CACHE_ONE_MINUTE = 'public, max-age=60';
const tags = ['sites'];

/** langs, texts, configurations, field_templates, paymentmethods: all scoped by the request's site. */
export async function sitesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // preHandler runs after validation, so a rejected query is not cached.
  app.addHook('preHandler', async (_request, reply) => {
    reply.header('cache-control', CACHE_ONE_MINUTE);
  });

  app.get('/langs', { schema: { tags, response: { 200: langsResponseSchema } } }, (request) =>
    listLanguages(app.db, request.site),
  );

  app.get(
    '/texts',
    { schema: { tags, querystring: textsQuerySchema, response: { 200: textsResponseSchema } } },
    (request) => listTexts(app.db, request.site, request.query.lang),
  );

  app.get(
    '/configurations',
    { schema: { tags, response: { 200: configurationResponseSchema } } },
    (request) => getConfiguration(app.db, app.env, request.site),
  );

  app.get(
    '/field_templates',
    { schema: { tags, response: { 200: fieldTemplatesResponseSchema } } },
    (request) => listFieldTemplates(app.db, request.site),
  );

  app.get(
    '/paymentmethods',
    {
      schema: {
        tags,
        querystring: paymentMethodsQuerySchema,
        response: { 200: paymentMethodsResponseSchema },
      },
    },
    async (request) => {
      const { lang, channel } = request.query;
      const methods = await listPaymentMethods(app.db, request.site, channel, lang);
      return withPublicPaymentFields(app.db, app.payments, request.site, methods);
    },
  );
}
