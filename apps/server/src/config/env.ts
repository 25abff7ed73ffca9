import { z } from 'zod';
import { ENVIRONMENTS } from '@kippu/contract';
import { trustProxySchema } from './trust-proxy.ts';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Which deployment this is (spec §1): drives the tickets sub-site redirect and provider endpoints. */
  KIPPU_ENV: z.enum(ENVIRONMENTS).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** External PostgreSQL. When unset the server starts an embedded one with its data in EMBEDDED_PG_DIR. */
  DATABASE_URL: z.url().optional(),
  EMBEDDED_PG_DIR: z.string().default('var/postgres'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /** SMTP URL for nodemailer; when unset mail goes to the stored outbox. */
  MAIL_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Kippu <no-reply@kippu.example>'),
  /** How often the mail worker looks for mails to send (ADR 016). */
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /** Origin the mails link to (no trailing slash needed); unset: http://localhost:${PORT} (domain/links.ts). */
  PUBLIC_URL: z.url().optional(),
  /** Secret for signing tokens and ticket QR payloads; a fixed development value is refused in production. */
  APP_SECRET: z.string().min(32).default('development-secret-change-me-0123456789abcdef'),
  /** Minutes a temporary order holds stock on a site whose `sites.hold_minutes` is null (ADR 014). */
  HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(20),
  /** How often the hold sweeper looks for expired holds. */
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  /** How long one server-to-gateway call may take before its outcome counts as unknown (then asked for). */
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(1000).max(180_000).default(60_000),
});

export type Env = z.infer<typeof envSchema>;

/** Parses the environment once at start; a bad value stops the server with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.NODE_ENV === 'production' && parsed.data.APP_SECRET.startsWith('development-secret')) {
    throw new Error(
      'Invalid configuration:\n  APP_SECRET: set a secret of at least 32 characters in production',
    );
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
  return parsed.data;
}

/** Whether the gateway simulator runs: GATEWAY_SIMULATOR, else on everywhere but production. */
export function simulatorEnabled(env: Pick<Env, 'GATEWAY_SIMULATOR' | 'NODE_ENV'>): boolean {
  return env.GATEWAY_SIMULATOR ? env.GATEWAY_SIMULATOR === 'on' : env.NODE_ENV !== 'production';
}
