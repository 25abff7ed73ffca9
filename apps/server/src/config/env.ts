import { z } from 'zod';
import { ENVIRONMENTS } from '@kippu/contract';
import {
  appSecretProblems,
  DEVELOPMENT_APP_SECRET,
  MAKE_APP_SECRET,
  parsePreviousSecrets,
} from './app-secret.ts';
import { secretsKeyProblems } from './secrets-key.ts';
import { metricsAllowSchema } from './metrics-allow.ts';
import { trustProxySchema } from './trust-proxy.ts';
import { walletCertificates, walletEnvSchema } from './wallet-certificates.ts';

/** The one definition of PAYING_GRACE_MINUTES's default; the sweeper's own default reads it (ADR 026, 047). */
export const DEFAULT_PAYING_GRACE_MINUTES = 30;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Which deployment this is (spec §1): drives the tickets sub-site redirect and provider endpoints. */
  KIPPU_ENV: z.enum(ENVIRONMENTS).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** External PostgreSQL. When unset the server starts an embedded one with its data in EMBEDDED_PG_DIR. */
  DATABASE_URL: z.url().optional(),
  /** A streaming replica for catalogue reads (ADR 097); unset: they read DATABASE_URL. Pool size: DATABASE_POOL_SIZE. */
  DATABASE_READ_URL: z.url().optional(),
  EMBEDDED_PG_DIR: z.string().default('var/postgres'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * Statements with parameters run as named prepared statements, parsed once per connection, their plans
   * kept by PostgreSQL when it judges that cheaper (ADR 131). `off` behind a pooler in transaction mode.
   */
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  /**
   * Database timeouts (ADR 046; 0 turns one off): opening a connection or waiting for a free one; one
   * statement (a frozen database is given up on just after it); a transaction left idle. A visitor's call
   * past them answers 503 temporarily unavailable with Retry-After. Longer per use: db/timeouts.ts.
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * The statement limit of background jobs (ADR 046): the hold sweeper's batch, the start-up seed, the demo
   * stock window. Longer than a visitor's, so a slow first start or a large sweep is not cancelled; 0: none.
   */
  DATABASE_JOB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
  /**
   * Redis for the per-client rate limits (ADR 093), e.g. redis://127.0.0.1:6379: every process counts there.
   * Unset: they count in PostgreSQL (an UNLOGGED table), which every process shares as well.
   */
  REDIS_URL: z.url().optional(),
  /** SMTP URL for nodemailer; when unset mail goes to the stored outbox. */
  MAIL_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kippu <no-reply@kippu.example>'),
  /** How often the mail outbox's round runs, once across processes (ADR 016, 057). */
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /** How often the webhooks' delivery round runs (retries falling due), once across processes (ADR 087). */
  WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /**
   * Addresses or CIDR ranges (comma list) a webhook may reach although private or loopback (ADR 087). Empty by
   * default and meant to stay so in production: the tests' local receiver (127.0.0.1) sets it.
   */
  WEBHOOK_ALLOWED_ADDRESSES: z.string().optional(),
  /**
   * The console's own origin (issue 27, ADR 064), e.g. https://console.example.com: when set, the console's
   * API and pages answer only there, the visitor origin answers 404 under /console/, and console writes must
   * come from it (Origin check). Recommended in production: the visitor pages load per-site scripts that must
   * never run beside a staff session. Unset: the console shares the server's origin.
   */
  CONSOLE_ORIGIN: z
    .url()
    .optional()
    .transform((v) => (v === undefined ? undefined : new URL(v).origin)),
  /** Origin the mails link to (no trailing slash needed); unset: http://localhost:${PORT} (domain/links.ts). */
  PUBLIC_URL: z.url().optional(),
  /**
   * Secret for signing ticket QR payloads, tap codes and client keys. Production refuses a weak one: the
   * development default, short, low-variety, periodic or placeholder values (config/app-secret.ts, ADR 048).
   */
  APP_SECRET: z
    .string()
    .min(32, `at least 32 characters; make one with ${MAKE_APP_SECRET}`)
    .default(DEVELOPMENT_APP_SECRET),
  /**
   * Earlier APP_SECRETs (one, or a comma list) after a rotation: signatures they made still verify; new ones
   * are always made with APP_SECRET (ADR 048).
   */
  APP_SECRET_PREVIOUS: z.string().optional().transform(parsePreviousSecrets),
  /**
   * The AES-256-GCM key of `site_secrets` (issue 28, ADR 071): 32 random bytes as base64. Production refuses a
   * missing or weak one; unset elsewhere, a stable key is derived from APP_SECRET (config/secrets-key.ts).
   */
  SECRETS_KEY: z.string().optional(),
  /** Earlier SECRETS_KEYs (one, or a comma list) after a rotation: their values open until re-encrypted at start. */
  SECRETS_KEY_PREVIOUS: z.string().optional(),
  /** Minutes a temporary order holds stock on a site whose `sites.hold_minutes` is null (ADR 014). */
  HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(20),
  /** How often the hold sweep runs, once across processes (a recurring job, ADR 057). */
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /** How often an idle job runner looks for due jobs (ADR 057); a job ending looks again at once. */
  JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  /**
   * Add the demo catalogue (products, prices, slots, coupons) on start. Unset: on with the embedded
   * database, off on DATABASE_URL (seed/index.ts wantsDemoData, ADR 013). Reference data is applied always.
   */
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** Proxies whose X-Forwarded-For names the client (config/trust-proxy.ts): off, a hop count or addresses. */
  TRUST_PROXY: trustProxySchema,
  /**
   * Believe a TRUST_PROXY balancer's `X-Request-Start` as a waiting-room join's arrival (ADR 095 addendum).
   * Off by default: only for a balancer that overwrites the header, or a client's own stamp dates its join back.
   */
  TRUST_REQUEST_START: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Overload protection (ADR 034, 055): API requests in flight at or past which reads, and then writes (holds,
   * checkouts), are answered `503 server busy` with Retry-After; and the event-loop delay in ms past which
   * they are. 0 turns that signal off.
   */
  OVERLOAD_READ_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(512),
  OVERLOAD_WRITE_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(1024),
  OVERLOAD_READ_LAG_MS: z.coerce.number().int().min(0).max(10_000).default(100),
  OVERLOAD_WRITE_LAG_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  /**
   * More descriptors of the listening socket, so a busy process accepts this many more new connections per
   * event-loop turn than node 20's one (ADR 129). 0 turns them off.
   */
  ACCEPT_LISTENERS: z.coerce.number().int().min(0).max(64).default(15),
  /**
   * The waiting room's automatic engagement (issue 31, ADR 095): `on` puts a queue in force for a product
   * whose holds pass WAITING_ROOM_AUTOMATIC_HOLDS_PER_SECOND in one process (for a cooling period); `off`
   * leaves queues to the operator's switch (throughput benchmarks of the order path turn it off).
   */
  WAITING_ROOM_AUTOMATIC: z.enum(['on', 'off']).default('on'),
  WAITING_ROOM_AUTOMATIC_HOLDS_PER_SECOND: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /**
   * The admission pace's threshold (ADR 133): while a queue is in force, admission slows when the 90th
   * percentile of the API's answers passes this, and speeds up below half of it. A deployment whose answers
   * are slower at rest (a database far away) sets it to about three times its resting p90.
   */
  WAITING_ROOM_PACE_SLOW_MS: z.coerce.number().int().min(10).max(60_000).default(100),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * How log lines are written (issue 31, ADR 099): `json` (one JSON object a line, for log collectors) or
   * `pretty` (short readable lines). Unset: pretty when stdout is a terminal (`npm start` by hand), else json.
   */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /**
   * Who may read `/metrics` besides loopback (ADR 099): a comma list of addresses and CIDR ranges (the
   * client's address as TRUST_PROXY resolves it), e.g. `10.0.5.0/24, 192.0.2.7`. Anyone else gets a 404.
   */
  METRICS_ALLOW: metricsAllowSchema,
  /** A bearer token that opens `/metrics` from any address (`Authorization: Bearer <token>`); at least 24 characters. */
  METRICS_TOKEN: z.string().min(24, 'at least 24 characters').optional(),
  /**
   * On SIGTERM, how long the server keeps answering (with `/readyz` at 503) before it stops accepting
   * connections (ADR 099): time for a load balancer's health check to take it out of rotation. 0: at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(25_000).default(0),
  /**
   * The built-in payment gateway simulator (ADR 017). Unset: on outside production. Production refuses to
   * start with it on unless ALLOW_SIMULATOR_IN_PRODUCTION=true (a public demo, never a real ticket office).
   */
  GATEWAY_SIMULATOR: z.enum(['on', 'off']).optional(),
  ALLOW_SIMULATOR_IN_PRODUCTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Who the GMO-PG methods (gmo, gmo_3ds) talk to. Unset: the simulator while it is on, else the real gateway. */
  GMO_GATEWAY: z.enum(['simulator', 'real']).optional(),
  /** The real GMO-PG's API origin and token script (defaults: GMO's test environment). */
  GMO_API_URL: z.url().default('https://pt01.mul-pay.jp'),
  GMO_TOKEN_SCRIPT_URL: z.url().default('https://stg.static.mul-pay.jp/ext/js/token.js'),
  /**
   * Who the SoftBank Payment Service methods (softbank_credit, softbank_3ds, softbank_alipay, softbank_paypay)
   * talk to (ADR 027). Unset: the simulator while it is on, else the real gateway.
   */
  SOFTBANK_GATEWAY: z.enum(['simulator', 'real']).optional(),
  /** The real SBPS link-type purchase page and API (defaults: SBPS's connection-test environment). */
  SOFTBANK_PURCHASE_URL: z.url().default('https://stbfep.sps-system.com/f01/FepBuyInfoReceive.do'),
  SOFTBANK_API_URL: z.url().default('https://stbfep.sps-system.com/api/xmlapi.do'),
  /** The merchant's SBPS ids and hash key (the real gateway only; the simulator has its own). */
  SOFTBANK_MERCHANT_ID: z
    .string()
    .regex(/^\d{5}$/)
    .optional(),
  SOFTBANK_SERVICE_ID: z
    .string()
    .regex(/^\d{3}$/)
    .optional(),
  SOFTBANK_HASH_KEY: z.string().min(8).optional(),
  /**
   * Stripe (methods stripe, stripe_secure; ADR 028). STRIPE_GATEWAY unset: the simulator while it is on,
   * else the real API with the keys below (never in the repository: only from the environment). Without
   * them the real Stripe is not offered (its methods answer payment_api_failure).
   */
  STRIPE_GATEWAY: z.enum(['simulator', 'real']).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'a Stripe secret key (sk_...)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'a Stripe publishable key (pk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'a webhook signing secret (whsec_...)')
    .optional(),
  STRIPE_JS_URL: z.url().default('https://js.stripe.com/v3'),
  /**
   * d払い (method d_pay; ADR 028). DPAY_GATEWAY unset: the simulator while it is on, else the carrier's
   * endpoints below with the merchant's credentials (all needed; else d_pay is not offered).
   */
  DPAY_GATEWAY: z.enum(['simulator', 'real']).optional(),
  DPAY_AUTHORIZATION_URL: z.url().optional(),
  DPAY_API_URL: z.url().optional(),
  DPAY_CLIENT_ID: z.string().min(1).optional(),
  DPAY_CLIENT_SECRET: z.string().min(1).optional(),
  /** The merchant's terminal number (s_terkn) and shop code (s_spcd) for the payment token. */
  DPAY_TERMINAL_ID: z.string().min(1).optional(),
  DPAY_SHOP_CODE: z.string().min(1).optional(),
  /** How long one server-to-gateway call may take before its outcome counts as unknown (then asked for). */
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(1000).max(180_000).default(60_000),
  /**
   * Payment reconciliation (ADR 026, 047; fractions allowed): an attempt in flight this many minutes is
   * asked about (above the gateway round of three GATEWAY_TIMEOUT_MS calls), then again every
   * RECONCILE_AGAIN_MINUTES while the gateway says pending; a round runs every RECONCILE_INTERVAL_MS, in one
   * process at a time (a recurring job, ADR 057), and an attempt left by a dead process is settled within two.
   */
  RECONCILE_AFTER_MINUTES: z.coerce.number().positive().max(1440).default(5),
  RECONCILE_AGAIN_MINUTES: z.coerce.number().positive().max(1440).default(2),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** Past this an attempt the gateway still calls pending is no longer asked about and is listed for staff. */
  PAYMENT_STUCK_AFTER_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  /** How long past its hold a `paying` order waits for its payment before the sweeper releases it (ADR 026). */
  PAYING_GRACE_MINUTES: z.coerce.number().min(0).max(1440).default(DEFAULT_PAYING_GRACE_MINUTES),
  /**
   * Tests only (NODE_ENV=test, ADR 047): the GMO simulator stops for good at this point of a card payment
   * (before:EntryTran, after:EntryTran, after:ExecTran, ...), printing `gateway-sim: stopped at <point>`,
   * so a test can kill -9 the server between two gateway calls without sleeps.
   */
  GATEWAY_SIM_STOP_AT: z
    .string()
    .regex(/^(before|after):[A-Za-z0-9]+$/, 'before:<GmoApi> or after:<GmoApi>')
    .optional(),
  /** Apple Wallet passes (ADR 025): declared beside their reader, config/wallet-certificates.ts. */
  ...walletEnvSchema.shape,
});

export type Env = z.infer<typeof envSchema>;

/** Parses the environment once at start; a bad value stops the server with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.NODE_ENV === 'production') {
    const problems = appSecretProblems(parsed.data.APP_SECRET, parsed.data.APP_SECRET_PREVIOUS);
    if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const keyProblems = secretsKeyProblems(parsed.data, parsed.data.NODE_ENV === 'production');
  if (keyProblems.length > 0) throw new Error(`Invalid configuration:\n  ${keyProblems.join('\n  ')}`);
  if (parsed.data.GATEWAY_SIM_STOP_AT && parsed.data.NODE_ENV !== 'test') {
    throw new Error('Invalid configuration:\n  GATEWAY_SIM_STOP_AT: a test hook, only with NODE_ENV=test');
  }
  const simulator = simulatorEnabled(parsed.data);
  if (simulator && parsed.data.NODE_ENV === 'production' && !parsed.data.ALLOW_SIMULATOR_IN_PRODUCTION) {
    throw new Error(
      'Invalid configuration:\n  GATEWAY_SIMULATOR: the payment simulator is on in production; set GATEWAY_SIMULATOR=off (or ALLOW_SIMULATOR_IN_PRODUCTION=true for a demo)',
    );
  }
  if (parsed.data.GMO_GATEWAY === 'simulator' && !simulator) {
    throw new Error('Invalid configuration:\n  GMO_GATEWAY: simulator chosen while GATEWAY_SIMULATOR is off');
  }
  if (parsed.data.SOFTBANK_GATEWAY === 'simulator' && !simulator) {
    throw new Error(
      'Invalid configuration:\n  SOFTBANK_GATEWAY: simulator chosen while GATEWAY_SIMULATOR is off',
    );
  }
  for (const family of ['STRIPE', 'DPAY'] as const) {
    if (parsed.data[`${family}_GATEWAY`] === 'simulator' && !simulator) {
      throw new Error(
        `Invalid configuration:\n  ${family}_GATEWAY: simulator chosen while GATEWAY_SIMULATOR is off`,
      );
    }
  }
  walletCertificates(parsed.data);
  return parsed.data;
}

/** Who a gateway family talks to: its own setting, else the simulator while it is on, else the real one. */
export function gatewayOf(
  env: Pick<Env, 'GATEWAY_SIMULATOR' | 'NODE_ENV' | 'STRIPE_GATEWAY' | 'DPAY_GATEWAY'>,
  setting: 'STRIPE_GATEWAY' | 'DPAY_GATEWAY',
): 'simulator' | 'real' {
  return env[setting] ?? (simulatorEnabled(env) ? 'simulator' : 'real');
}

/** Whether the gateway simulator runs: GATEWAY_SIMULATOR, else on everywhere but production. */
export function simulatorEnabled(env: Pick<Env, 'GATEWAY_SIMULATOR' | 'NODE_ENV'>): boolean {
  return env.GATEWAY_SIMULATOR ? env.GATEWAY_SIMULATOR === 'on' : env.NODE_ENV !== 'production';
}
