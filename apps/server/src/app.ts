import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { simulatorEnabled, type Env } from './config/env.ts';
import type { Db } from './db/client.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler.ts';
import { registerEmptyJsonDeleteParser } from './plugins/empty-json-body.ts';
import { SnapshotRateLimitStore } from './plugins/rate-limit.ts';
import { registerSiteResolution } from './plugins/site.ts';
import { registerSpa, withoutTicketsFolder } from './plugins/spa.ts';
import { registerXsrfCheck, registerXsrfCookie } from './plugins/xsrf.ts';
import { apiRoutes } from './features/index.ts';
import { registerHoldSweeper } from './domain/stock/hold-sweeper.ts';
import { registerMailWorker } from './domain/mail/mail-worker.ts';
import type { CreateOrderDeps } from './domain/orders/create-order.ts';
import { createProductCache } from './domain/orders/product-for-sale.ts';
import { createStockHolder } from './domain/stock/hold-stock.ts';
import { devMailPage } from './features/mail/dev-mail-page.ts';
import { gatewaySimulatorRoutes } from './features/gateway-sim/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    env: Env;
    /** The app's one stock holder (hold batcher, ADR 007) and product cache, shared by every route that holds. */
    orderDeps: CreateOrderDeps;
  }
}

export type App = FastifyInstance;

export interface BuildAppOptions {
  env: Env;
  db: Db;
  /** Directory of the built SPA; tests that do not need pages may point elsewhere. */
  webDistDir?: string;
  logger?: boolean;
  /** Release expired holds in the background. Default: on, except under NODE_ENV=test, where tests sweep by hand. */
  holdSweeper?: boolean;
  /** Send the mail outbox in the background. Default: on, except under NODE_ENV=test, where tests deliver by hand. */
  mailWorker?: boolean;
}

/** Builds the Fastify app: plugins in a fixed order (external, app, routes). Used by the server and tests. */
export async function buildApp({
  env,
  db,
  webDistDir,
  logger,
  holdSweeper,
  mailWorker,
}: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger:
      (logger ?? env.NODE_ENV !== 'test') ? { level: env.LOG_LEVEL, redact: ['req.headers.cookie'] } : false,
    bodyLimit: 256 * 1024,
    // Only the configured proxies may name the client (ADR 015): rate limits and hold caps count by it.
    trustProxy: env.TRUST_PROXY,
    // Errors raised before any route runs answer the one error body too, without echoing the URL.
    frameworkErrors: frameworkErrorHandler,
    // A site's tickets sub-site shares the site's assets and API (ADR 024).
    rewriteUrl: (request) => withoutTicketsFolder(request.url ?? '/'),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('env', env);
  app.decorate('orderDeps', {
    products: createProductCache(db),
    stock: createStockHolder(db),
    defaultHoldMinutes: env.HOLD_MINUTES,
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // Limits are per route (plugins/rate-limit.ts); the store counts a burst correctly.
  await app.register(fastifyRateLimit, { global: false, store: SnapshotRateLimitStore });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Kippu API', version: '1' } },
    transform: jsonSchemaTransform,
  });

  registerErrorHandler(app);
  registerSiteResolution(app);
  registerXsrfCookie(app);

  // The API's own scope: hooks registered here run for exactly the routes the router matched under
  // /:slug/api/v1, however the path was encoded (style guide: scope hooks by plugin, ADR 015).
  await app.register(
    async (api) => {
      registerXsrfCheck(api);
      registerEmptyJsonDeleteParser(api);
      await api.register(apiRoutes);
    },
    { prefix: '/:slug/api/v1' },
  );
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
  await app.register(devMailPage);
  // The payment gateway simulator (ADR 017): its own paths, outside every site and the API's XSRF check.
  if (simulatorEnabled(env)) await app.register(gatewaySimulatorRoutes);
  await registerSpa(app, webDistDir);
  if (holdSweeper ?? env.NODE_ENV !== 'test') registerHoldSweeper(app);
  if (mailWorker ?? env.NODE_ENV !== 'test') registerMailWorker(app);

  return app;
}
