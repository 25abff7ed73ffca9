import { createServer } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
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
import { createAnswerCache, registerAnswerCache, registerAnswerRelease } from './plugins/answer-cache.ts';
import { registerLeanApiHeaders } from './plugins/api-headers.ts';
import { registerApiCompression } from './plugins/content-encoding.ts';
import { registerEmptyJsonDeleteParser } from './plugins/empty-json-body.ts';
import { createLogRedaction, type LogRedaction } from './plugins/log-redaction.ts';
import {
  createCallClasses,
  createOverloadGuard,
  DEFAULT_OVERLOAD_LIMITS,
  startLoadSignals,
  UNGUARDED,
  type LoadSignals,
  type OverloadLimits,
} from './plugins/overload-guard.ts';
import { createRateLimitStore } from './plugins/limit-store/create-store.ts';
import {
  helmetHeadersOf,
  PAGE_SECURITY_HEADERS,
  registerSecurityHeaders,
} from './plugins/security-headers.ts';
import { createFastNotFound } from './plugins/fast-not-found.ts';
import { registerSiteResolution } from './plugins/site.ts';
import { isApiNotFound, registerSpa, withoutTicketsFolder } from './plugins/spa.ts';
import { registerVisitorIdCookie } from './plugins/visitor-id.ts';
import { registerAddressRateCeilings } from './plugins/address-rate-ceiling.ts';
import { registerXsrfCheck, registerXsrfCookie } from './plugins/xsrf.ts';
import { registerWritePositions } from './plugins/read-your-writes.ts';
import { registerStockChangeNotes } from './plugins/stock-change-notes.ts';
import { registerAdmissionPaceMeter } from './plugins/waiting-room-gate.ts';
import { primaryReads, type ReadPool } from './db/read-pool.ts';
import { MOUNT_PREFIXES } from './plugins/register-endpoint.ts';
import { partnerApiRoutes } from './features/partner-api/routes.ts';
import { consoleRoutes } from './features/console/index.ts';
import { registerConsoleOriginOnly } from './features/console/console-session.ts';
import { collectConsoleRoutes } from './features/console/console-route-table.ts';
import { collectFirstPathSegments } from './features/console/settings/reserved-slugs.ts';
import { siteImageRoutes } from './features/site-images/routes.ts';
import { demoImageRoutes } from './features/demo-images/routes.ts';
import { registerConsoleSpa } from './plugins/console-spa.ts';
import { apiRoutes } from './features/index.ts';
import { loadBootData } from './features/sites/boot-data.ts';
import { registerHoldSweeper } from './domain/order-expiry/hold-sweeper.ts';
import { registerAllotmentRelease } from './domain/partners/allotment-release-job.ts';
import { registerPaymentReconciler } from './domain/checkout/payment-reconciler.ts';
import { registerMailWorker } from './domain/mail/mail-worker.ts';
import { registerWebhookWorker } from './domain/webhooks/webhook-worker.ts';
import { registerVisitorMoves } from './domain/visitor-moves/register-visitor-moves.ts';
import { registerRefundReconciler } from './domain/refunds/refund-reconciler.ts';
import { registerDailySettlement } from './domain/reports/register-daily-settlement.ts';
import type { CreateOrderDeps } from './domain/stock/create-order.ts';
import { createProductCache } from './domain/stock/product-for-sale.ts';
import { createStockHolder } from './domain/stock/hold-stock.ts';
import { WAIT_FOR_ATTEMPT_MS, type CheckoutDeps } from './domain/checkout/checkout.ts';
import { reconcileSettings } from './domain/checkout/reconcile-settings.ts';
import { takeInstanceLock } from './jobs/instance-lock.ts';
import { startJobRunner, type Queues } from './jobs/job-runner.ts';
import { orderPaidListeners } from './order-paid-listeners.ts';
import type { PaymentRegistry } from './domain/payments/payment-registry.ts';
import { cachedSiteContentSecurity } from './domain/payments/site-content-security.ts';
import { devMailPage } from './features/mail/dev-mail-page.ts';
import { createDatabaseProbe } from './observability/database-probe.ts';
import { registerHealthRoutes } from './observability/health.ts';
import { createMetrics, type Metrics } from './observability/metrics.ts';
import { logFormatOf, prettyLogStream } from './observability/pretty-log.ts';
import { registerRequestIdHeader, requestIdFor } from './observability/request-id.ts';
import { gatewaySimulatorRoutes, loadGatewaySimulator } from './payments/gateway-simulator.ts';
import { createPaymentRegistry, PAYMENT_FAMILIES, registerPaymentFamilies } from './payments/families.ts';
import type { GatewayFamily } from './payments/gateway-family.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The gateway simulator's database (its own pool in a server process, else `db`). */
    gatewaySimulatorDb: Db;
    env: Env;
    /** The app's one stock holder (hold batcher, ADR 007) and product cache, shared by every route that holds. */
    orderDeps: CreateOrderDeps;
    /** The app's one payment registry: every method's provider, built once from the environment. */
    payments: PaymentRegistry;
    /** What checkout, gateway returns and notifications share: the registry, the database and the log. */
    checkoutDeps: CheckoutDeps;
    /** What the log redacts, read from the contract's secret markers on every route (ADR 049). */
    logRedaction: LogRedaction;
    /** The process's Prometheus metrics (ADR 099); `metrics.addPool` reports a pool made outside buildApp. */
    metrics: Metrics;
  }
}

export type App = FastifyInstance;

export interface BuildAppOptions {
  env: Env;
  db: Db;
  /** The gateway simulator's pool (OpenDatabase.gatewaySimulator); default: `db`. */
  gatewaySimulatorDb?: Db;
  /** Where catalogue reads go (OpenDatabase.reads, ADR 097); default: `db` for them too. */
  reads?: ReadPool;
  /** Directory of the built SPA; tests that do not need pages may point elsewhere. */
  webDistDir?: string;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it); turns the logger on. */
  logStream?: NodeJS.WritableStream;
  /** Release expired holds in the background. Default: on, except under NODE_ENV=test, where tests sweep by hand. */
  holdSweeper?: boolean;
  /** Overload protection (ADR 034): limits over the defaults, and signals to use instead of measured ones (tests). */
  overload?: { limits?: Partial<OverloadLimits>; signals?: LoadSignals };
  /** Ask gateways about payments left in flight (ADR 026). Default: on, except under NODE_ENV=test. */
  paymentReconciler?: boolean;
  /** Send the mail outbox in the background. Default: on, except under NODE_ENV=test, where tests deliver by hand. */
  mailWorker?: boolean;
  /** Run moves of visitors (ADR 079) in the background. Default: on, except under NODE_ENV=test, where tests run them by hand. */
  visitorMoves?: boolean;
  /** Deliver webhooks (ADR 087) in the background. Default: on, except under NODE_ENV=test, where tests deliver by hand. */
  webhookWorker?: boolean;
  /** The payment families (ADR 059); default: the product's PAYMENT_FAMILIES. A test may add its own. */
  paymentFamilies?: readonly GatewayFamily[];
  /** Rate-limit keys in Redis start with it after the product's prefix (ADR 093): a test run's own. */
  rateLimitRedisKeyPrefix?: string;
  /** Answer JSON 404s in front of Fastify (ADR 098). Default: on; its test compares with it off. */
  fastNotFound?: boolean;
}

/** Builds the Fastify app: plugins in a fixed order (external, app, routes). Used by the server and tests. */
export async function buildApp({
  env,
  db,
  gatewaySimulatorDb,
  reads,
  webDistDir,
  logger,
  logStream,
  holdSweeper,
  paymentReconciler,
  mailWorker,
  visitorMoves,
  webhookWorker,
  overload,
  paymentFamilies = PAYMENT_FAMILIES,
  rateLimitRedisKeyPrefix,
  fastNotFound: fastNotFoundOn = true,
}: BuildAppOptions): Promise<App> {
  // Off under NODE_ENV=test unless a test asks for it: API tests fire hundreds of concurrent requests on
  // a shared machine on purpose, and must see their answers, not the guard's.
  const guarded = overload !== undefined || env.NODE_ENV !== 'test';
  const measured = guarded && !overload?.signals ? startLoadSignals(db.$client) : undefined;
  const loadSignals = overload?.signals ?? measured;
  const off = (limit: number) => (limit === 0 ? Infinity : limit);
  const overloadLimits: OverloadLimits = {
    ...DEFAULT_OVERLOAD_LIMITS,
    readInFlight: off(env.OVERLOAD_READ_IN_FLIGHT),
    writeInFlight: off(env.OVERLOAD_WRITE_IN_FLIGHT),
    readLagMs: off(env.OVERLOAD_READ_LAG_MS),
    writeLagMs: off(env.OVERLOAD_WRITE_LAG_MS),
    ...overload?.limits,
  };
  // In front of Fastify, in this order: kept availability answers (ADR 033), then the overload guard
  // (ADR 034), so a kept answer is never refused and a refusal costs no parsing or routing. A miss becomes
  // its URL's maker (others wait for its answer) only as it enters Fastify: a refusal or a fast 404 never.
  const answers = createAnswerCache();
  // Past the guard, a path no route serves gets its JSON 404 without Fastify's request cycle (ADR 098).
  const notFound = createFastNotFound();
  // What each call does decides its class, not its method: GETs that change state are writes (ADR 049).
  const callClasses = createCallClasses();
  const guard = loadSignals
    ? createOverloadGuard(
        loadSignals,
        overloadLimits,
        (shed, state) => app.log.warn({ shed, ...state }, 'overloaded: shedding requests'),
        callClasses,
      )
    : UNGUARDED;
  const logging = logger ?? (logStream !== undefined || env.NODE_ENV !== 'test');
  const logRedaction = createLogRedaction();
  // Readable lines for a person at a terminal, JSON for everything else (ADR 099); a test's stream gets JSON.
  const logDestination =
    logStream ??
    (logFormatOf(env.LOG_FORMAT, process.stdout.isTTY === true) === 'pretty'
      ? prettyLogStream(process.stdout)
      : undefined);
  const app = Fastify({
    serverFactory: (handler) =>
      createServer((req, res) =>
        answers.handle(req, res, (mayMake) =>
          guard.handle(req, res, () =>
            notFound.handle(req, res, () =>
              mayMake ? answers.make(req, res, () => handler(req, res)) : handler(req, res),
            ),
          ),
        ),
      ),
    // Tokens never reach the log (ADR 049): the contract's secret markers drive its redaction.
    logger: logging
      ? {
          level: env.LOG_LEVEL,
          ...logRedaction.loggerOptions,
          ...(logDestination ? { stream: logDestination } : {}),
        }
      : false,
    // Every line of a request carries its id (reqId): the proxy's X-Request-Id when safe, else a new one.
    genReqId: requestIdFor(env.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    // Only the configured proxies may name the client (ADR 015): rate limits and hold caps count by it.
    trustProxy: env.TRUST_PROXY,
    // Errors raised before any route runs answer the one error body too, without echoing the URL.
    frameworkErrors: frameworkErrorHandler,
    // A site's tickets sub-site shares the site's assets and API (ADR 024).
    rewriteUrl: (request) => withoutTicketsFolder(request.url ?? '/'),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  // The event-loop delay is measured afresh when the server listens, past a one-sample warm-up (ADR 034):
  // the start-up's own work is not load. The in-flight limits hold from the first request.
  if (measured) app.server.on('listening', measured.restart);
  app.addHook('onClose', async () => measured?.stop());

  // First, so they read every route as it is registered (onRoute): its schemas, its call class.
  logRedaction.register(app, { scrub: logging });
  collectConsoleRoutes(app);
  collectFirstPathSegments(app);
  callClasses.register(app);
  notFound.register(app);
  app.decorate('logRedaction', logRedaction);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('gatewaySimulatorDb', gatewaySimulatorDb ?? db);
  // Catalogue and site reads that may be stale (ADR 097); the replica's outage is told once, in the log.
  const readPool = reads ?? primaryReads(db);
  readPool.log = (line, error) => app.log.warn(error ? { err: error } : {}, line);
  app.decorate('reads', readPool);
  app.decorate('env', env);
  // Readiness and the scrape's database figures on a connection of their own, not the visitors' pool (ADR 099).
  const probe = createDatabaseProbe(db.$client);
  const metrics = createMetrics(probe);
  metrics.addPool('main', db.$client);
  metrics.addOverloadGuard(guard);
  if (gatewaySimulatorDb && gatewaySimulatorDb !== db) {
    metrics.addPool('gateway_simulator', gatewaySimulatorDb.$client);
  }
  // The replica's pool (ADR 097), when DATABASE_READ_URL opened one.
  if (readPool.replica) metrics.addPool('replica', readPool.replica.$client);
  app.decorate('metrics', metrics);
  // App-wide hooks, before any scope is made: every route and the not-found answer are measured and an error
  // answer names its request id.
  metrics.register(app);
  registerRequestIdHeader(app);
  // The simulator's workspace, loaded before the payment families that may talk to it (ADR 060).
  if (simulatorEnabled(env)) await loadGatewaySimulator();
  const payments = createPaymentRegistry(paymentFamilies, { db, env, log: app.log });
  app.decorate('payments', payments);
  // This process's liveness as the database sees it (ADR 047): stamped on every payment attempt it starts.
  const instance = await takeInstanceLock(db.$client, app.log);
  app.addHook('onClose', () => instance.stop());
  app.decorate('checkoutDeps', {
    db,
    env,
    log: app.log,
    payments,
    waitForAttemptMs: WAIT_FOR_ATTEMPT_MS,
    instanceId: instance.id,
    reconcile: reconcileSettings(env),
    orderPaid: orderPaidListeners(env),
  });
  app.decorate('orderDeps', {
    products: createProductCache(db),
    stock: metrics.countHolds(createStockHolder(db)),
    defaultHoldMinutes: env.HOLD_MINUTES,
  });

  await app.register(fastifyCookie);
  // helmet's page headers, worked out once (ADR 098); the API's routes skip them for their lean pair, and so
  // does the API's JSON 404 answered by the site pages' routes.
  registerSecurityHeaders(app, PAGE_SECURITY_HEADERS, isApiNotFound);
  // Limits are per route (plugins/rate-limit.ts), counted where every process sees them (ADR 093).
  const rateLimitStore = createRateLimitStore({
    redisUrl: env.REDIS_URL,
    db,
    log: app.log,
    ...(rateLimitRedisKeyPrefix !== undefined ? { redisKeyPrefix: rateLimitRedisKeyPrefix } : {}),
  });
  app.addHook('onClose', () => rateLimitStore.close());
  app.decorate('rateLimitCounter', rateLimitStore.counter);
  await app.register(fastifyRateLimit, { global: false, store: rateLimitStore.Store });
  // Each per-client limit also counts the whole address, at a multiple of it (ADR 094): fresh visitor ids buy no more.
  registerAddressRateCeilings(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Kippu API', version: '1' },
      // The partner API's routes name it (features/partner-api/routes.ts): `Authorization: Bearer kpt_…`.
      components: { securitySchemes: { apiToken: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  // A request that found every pooled connection busy answers as the overload guard does (ADR 046).
  registerErrorHandler(app, { busyRetryAfterSeconds: overloadLimits.retryAfterSeconds });
  // Load balancers' and Prometheus's answers (ADR 099), outside every site and the overload guard's reach.
  await registerHealthRoutes(app, { env, probe, metrics });
  registerAnswerRelease(app, answers);
  registerSiteResolution(app);
  registerXsrfCookie(app);
  // The visitor id (ADR 094): on no-store answers only, so hold caps count a person, not an address.
  registerVisitorIdCookie(app);

  // The API's own scope: hooks registered here run for exactly the routes the router matched under
  // /:slug/api/v1, however the path was encoded (style guide: scope hooks by plugin, ADR 015).
  await app.register(
    async (api) => {
      registerLeanApiHeaders(api);
      registerXsrfCheck(api);
      registerEmptyJsonDeleteParser(api);
      registerAnswerCache(api, answers);
      registerStockChangeNotes(api);
      registerAdmissionPaceMeter(api);
      registerWritePositions(api);
      registerApiCompression(api);
      await api.register(apiRoutes);
    },
    { prefix: MOUNT_PREFIXES.api },
  );
  // The console's API (issue 27): outside every site, behind the console's own session and checks.
  await app.register(consoleRoutes, { prefix: MOUNT_PREFIXES.console });
  // The partner API (issue 30, ADR 090): at the root under /partner/api/v1, a partner's API token per call.
  await app.register(partnerApiRoutes);
  // The console's pages, in a scope of their own: with CONSOLE_ORIGIN set they answer only on that origin.
  await app.register(async (pages) => {
    registerConsoleOriginOnly(pages);
    await registerConsoleSpa(pages);
  });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
  // Images staff uploaded for a site (issue 28): public, content-addressed, served by every process.
  await app.register(siteImageRoutes);
  // The demo sites' drawn images (issue 32, ADR 105): the app-download modal's artwork.
  await app.register(demoImageRoutes);
  await app.register(devMailPage);
  // Every payment family's returns, notifications and calls (ADR 059), each in its own scope: one loop.
  await registerPaymentFamilies(app, paymentFamilies);
  // The payment gateway simulator (ADR 017): its own paths, outside every site and the API's XSRF check.
  if (simulatorEnabled(env)) await app.register(gatewaySimulatorRoutes);
  // The page inlines what the first render needs (issue 12), so the SPA starts without a chain of calls.
  // Its Content-Security-Policy admits the outside origins of the payment methods the site enables (issue 8).
  await registerSpa(
    app,
    webDistDir,
    // Site data for the first render: plain reads, on the replica when there is one (ADR 097).
    (site, lang, browserLangs) =>
      readPool.read((reads) => loadBootData(reads, env, site, lang, browserLangs)),
    cachedSiteContentSecurity(db, payments, env.KIPPU_ENV),
  );
  // Background work runs as jobs on PostgreSQL (ADR 057): each worker adds its queues, and this process's
  // runner claims their due jobs, with the instance lock as its identity. The runner stops before the
  // onClose hooks (preClose), so a job in flight ends before the pools and the mail transport close.
  const queues: Queues = {};
  if (holdSweeper ?? env.NODE_ENV !== 'test') registerHoldSweeper(app, queues);
  // Allotments' cut-off (ADR 089): unsold partner seats back to general sale, with the holds' sweep.
  if (holdSweeper ?? env.NODE_ENV !== 'test') registerAllotmentRelease(app, queues);
  if (paymentReconciler ?? env.NODE_ENV !== 'test') registerPaymentReconciler(app, queues);
  if (mailWorker ?? env.NODE_ENV !== 'test') registerMailWorker(app, queues);
  if (visitorMoves ?? env.NODE_ENV !== 'test') registerVisitorMoves(app, queues);
  if (webhookWorker ?? env.NODE_ENV !== 'test') registerWebhookWorker(app, queues);
  // Refunds whose gateway answer was lost are asked again with their own key (ADR 076); with the payments'.
  if (paymentReconciler ?? env.NODE_ENV !== 'test') registerRefundReconciler(app, queues);
  // The daily settlement mailed to chosen staff at 07:00 Tokyo (ADR 084); with the mails it queues.
  if (mailWorker ?? env.NODE_ENV !== 'test') registerDailySettlement(app, queues);
  if (Object.keys(queues).length > 0) {
    const runner = startJobRunner({ db, lock: instance, queues, pollMs: env.JOB_POLL_MS, log: app.log });
    app.addHook('onReady', () => runner.start());
    app.addHook('preClose', () => runner.stop());
  }

  if (fastNotFoundOn) {
    notFound.enable({
      app,
      trustProxy: env.TRUST_PROXY,
      pageHeaders: helmetHeadersOf(PAGE_SECURITY_HEADERS),
      metrics,
    });
  }
  return app;
}
