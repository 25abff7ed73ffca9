import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { STRIPE_TEST_CARDS } from '@kippu/contract/stripe-test-cards';
import { STRIPE_SIMULATOR_KEYS, STRIPE_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import type { Row } from '../db/generated/rows.ts';
import type { SimDb as Db } from '../db/sim-db.ts';

/**
 * The built-in Stripe simulator (ADR 028): the few endpoints of Stripe's API that Kippu uses, with Stripe's
 * paths, form-encoded requests, JSON objects, error bodies and Idempotency-Key semantics, so the real
 * `stripe` SDK talks to it unchanged (in process through the SDK's httpClient, or over HTTP through its
 * host/port/protocol options). Its state lives in PostgreSQL (gateway_sim.stripe_*).
 *
 *   POST /v1/payment_methods            (publishable key: the Stripe.js-shaped script)
 *   POST /v1/payment_intents            (confirm=true; 3-D Secure → next_action.redirect_to_url)
 *   GET  /v1/payment_intents/:id
 *   GET  /v1/payment_intents/search     (query "metadata['key']:'value'")
 *   POST /v1/refunds
 *   GET  /v1/account                    (the key's own account: its id, as Stripe answers a key)
 *
 * Each secret key is an account of its own (server ADR 125): a PaymentIntent is seen again (retrieved,
 * searched, refunded) only with the key that created it, so a call made with another site's key fails as it
 * would at Stripe.
 */

// Where it answers and its demo keys are the contract's (gateway-simulator.ts): the server reads them too.
export { STRIPE_SIMULATOR_KEYS, STRIPE_SIMULATOR_PATHS };

export type StripeBehaviour =
  'success' | 'decline' | 'insufficient_funds' | 'expired_card' | 'challenge' | 'timeout' | 'refund_fails';

const BEHAVIOURS: Readonly<Record<string, StripeBehaviour>> = {
  [STRIPE_TEST_CARDS.success]: 'success',
  [STRIPE_TEST_CARDS.mastercard]: 'success',
  [STRIPE_TEST_CARDS.decline]: 'decline',
  [STRIPE_TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [STRIPE_TEST_CARDS.expiredCard]: 'expired_card',
  [STRIPE_TEST_CARDS.challenge]: 'challenge',
  [STRIPE_TEST_CARDS.timeout]: 'timeout',
  [STRIPE_TEST_CARDS.refundFails]: 'refund_fails',
};

/** Stripe's decline codes for the refusing cards. */
const DECLINES = {
  decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired_card: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
} as const;

export interface StripeRequest {
  method: string;
  /** The path below the API root: `/v1/payment_intents`. */
  path: string;
  /** The form-encoded body (POST) or query (GET), keys as sent: `metadata[kippu_payment]`. */
  params: Record<string, string>;
  authorization?: string;
  idempotencyKey?: string;
}

export interface StripeAnswer {
  status: number;
  body: unknown;
}

/** The PaymentIntent succeeded, but the simulated network lost its answer (test card `timeout`). */
export class SimulatedStripeTimeout extends Error {
  /** What Stripe did answer (kept for a retry with the same Idempotency-Key). */
  constructor(readonly answer: StripeAnswer) {
    super('the simulated Stripe API did not answer');
    this.name = 'SimulatedStripeTimeout';
  }
}

/** An intent as `SELECT i.*` reads it, with its payment method's behaviour; its documents' shapes are ours. */
type IntentRow = Omit<Row<'stripe_payment_intents'>, 'metadata' | 'last_error'> & {
  metadata: Record<string, string>;
  last_error: Record<string, unknown> | null;
  behaviour: StripeBehaviour | null;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The account a secret key opens: `acct_` and a hash of the key (the key itself is never stored). Tests
 * compare a PaymentIntent's `account` with it to see which key made it.
 */
export function stripeSimulatorAccountOf(secretKey: string): string {
  return `acct_${createHash('sha256').update(secretKey).digest('hex').slice(0, 16)}`;
}

const accountOfAuthorization = (authorization: string | undefined) =>
  stripeSimulatorAccountOf((authorization ?? '').replace(/^Bearer /, ''));

function error(status: number, type: string, fields: Record<string, unknown>): StripeAnswer {
  return { status, body: { error: { type, ...fields } } };
}

/** Luhn check, as Stripe.js does before anything is sent. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

const brandOf = (digits: string) =>
  digits.startsWith('4') ? 'visa' : digits.startsWith('5') ? 'mastercard' : 'unknown';

/** Stripe's view of a PaymentIntent, from the row. */
function intentObject(row: IntentRow, challengeBase: string) {
  const requiresAction = row.status === 'requires_action';
  return {
    id: row.id,
    object: 'payment_intent',
    amount: Number(row.amount),
    amount_received: row.status === 'succeeded' ? Number(row.amount) : 0,
    currency: row.currency,
    status: row.status,
    client_secret: row.client_secret,
    payment_method: row.payment_method,
    payment_method_types: ['card'],
    metadata: row.metadata,
    last_payment_error: row.last_error,
    livemode: false,
    created: Math.floor(new Date(row.created_at).getTime() / 1000),
    latest_charge: row.status === 'succeeded' ? `ch_${row.id.slice(3)}` : null,
    next_action: requiresAction
      ? {
          type: 'redirect_to_url',
          redirect_to_url: {
            url: `${challengeBase}/${row.id}?client_secret=${encodeURIComponent(row.client_secret)}`,
            return_url: row.return_url,
          },
        }
      : null,
  };
}

export type StripeIntentObject = ReturnType<typeof intentObject>;

export interface StripeSimulatorOptions {
  /** Absolute base of the 3-D Secure page (the browser follows next_action to it). */
  challengeBaseUrl: string;
  /** Called with each event Stripe would send to a webhook endpoint (the demo delivers them). */
  onEvent?: (event: { id: string; type: string; data: { object: StripeIntentObject } }) => void;
}

export function createStripeSimulator(db: Db, options: StripeSimulatorOptions) {
  /** An intent by id; with `account`, only one that account can see (its own, or one made before accounts). */
  async function intent(intentId: string, account?: string): Promise<IntentRow | undefined> {
    const { rows } = await db.execute<IntentRow>(sql`
      SELECT i.*, m.behaviour FROM gateway_sim.stripe_payment_intents i
      LEFT JOIN gateway_sim.stripe_payment_methods m ON m.id = i.payment_method
      WHERE i.id = ${intentId}
        AND (${account ?? null}::text IS NULL OR i.account IS NULL OR i.account = ${account ?? null}::text)`);
    return rows[0];
  }

  function emit(type: string, row: IntentRow) {
    options.onEvent?.({ id: id('evt'), type, data: { object: intentObject(row, options.challengeBaseUrl) } });
  }

  async function createPaymentMethod(params: Record<string, string>): Promise<StripeAnswer> {
    if (params.type !== 'card') {
      return error(400, 'invalid_request_error', { code: 'parameter_missing', param: 'type' });
    }
    const digits = (params['card[number]'] ?? '').replace(/\D/g, '');
    if (digits.length < 12 || digits.length > 19 || !luhnValid(digits)) {
      return error(402, 'card_error', {
        code: 'invalid_number',
        param: 'card[number]',
        message: 'Your card number is invalid.',
      });
    }
    const month = Number(params['card[exp_month]']);
    const year = Number(params['card[exp_year]']);
    if (!Number.isInteger(month) || month < 1 || month > 12) {
      return error(402, 'card_error', { code: 'invalid_expiry_month', param: 'card[exp_month]' });
    }
    const fullYear = year < 100 ? 2000 + year : year;
    const now = new Date();
    const past =
      fullYear < now.getUTCFullYear() || (fullYear === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
    if (!Number.isInteger(year) || past) {
      return error(402, 'card_error', { code: 'invalid_expiry_year', param: 'card[exp_year]' });
    }
    if (!/^\d{3,4}$/.test(params['card[cvc]'] ?? '')) {
      return error(402, 'card_error', { code: 'invalid_cvc', param: 'card[cvc]' });
    }
    const behaviour = BEHAVIOURS[digits];
    if (!behaviour) {
      // As in Stripe's test mode: a real card is refused.
      return error(402, 'card_error', {
        code: 'card_declined',
        decline_code: 'test_mode_live_card',
        message: 'Your card was declined. Your request was in test mode, but used a non test card.',
      });
    }
    const pm = {
      id: id('pm'),
      brand: brandOf(digits),
      last4: digits.slice(-4),
    };
    await db.execute(sql`
      INSERT INTO gateway_sim.stripe_payment_methods (id, behaviour, brand, last4, exp_month, exp_year)
      VALUES (${pm.id}, ${behaviour}, ${pm.brand}, ${pm.last4}, ${month}, ${fullYear})`);
    return {
      status: 200,
      body: {
        id: pm.id,
        object: 'payment_method',
        type: 'card',
        card: { brand: pm.brand, last4: pm.last4, exp_month: month, exp_year: fullYear },
        billing_details: { name: params['billing_details[name]'] ?? null },
        livemode: false,
      },
    };
  }

  async function createPaymentIntent(params: Record<string, string>, account: string): Promise<StripeAnswer> {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      return error(400, 'invalid_request_error', { code: 'parameter_invalid_integer', param: 'amount' });
    }
    const currency = (params.currency ?? '').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) {
      return error(400, 'invalid_request_error', { code: 'parameter_missing', param: 'currency' });
    }
    const metadata = Object.fromEntries(
      Object.entries(params)
        .filter(([key]) => /^metadata\[[^\]]+\]$/.test(key))
        .map(([key, value]) => [key.slice(9, -1), value]),
    );
    const paymentMethodId = params.payment_method ?? null;
    let behaviour: StripeBehaviour | undefined;
    if (paymentMethodId) {
      const { rows } = await db.execute<{ behaviour: StripeBehaviour }>(
        sql`SELECT behaviour FROM gateway_sim.stripe_payment_methods WHERE id = ${paymentMethodId}`,
      );
      behaviour = rows[0]?.behaviour;
      if (!behaviour) {
        return error(400, 'invalid_request_error', {
          code: 'resource_missing',
          param: 'payment_method',
          message: `No such PaymentMethod: '${paymentMethodId}'`,
        });
      }
    }
    const confirm = params.confirm === 'true';
    if (confirm && !paymentMethodId) {
      return error(400, 'invalid_request_error', { code: 'parameter_missing', param: 'payment_method' });
    }
    if (confirm && !params.return_url) {
      return error(400, 'invalid_request_error', { code: 'parameter_missing', param: 'return_url' });
    }
    const threeDs = params['payment_method_options[card][request_three_d_secure]'] ?? 'automatic';
    const intentId = id('pi');
    let status = confirm ? 'succeeded' : 'requires_confirmation';
    let lastError: Record<string, unknown> | null = null;
    if (confirm && behaviour && behaviour in DECLINES) {
      status = 'requires_payment_method';
      lastError = { type: 'card_error', ...DECLINES[behaviour as keyof typeof DECLINES] };
    } else if (confirm && (behaviour === 'challenge' || threeDs === 'any')) {
      status = 'requires_action';
    }
    await db.execute(sql`
      INSERT INTO gateway_sim.stripe_payment_intents
        (id, client_secret, amount, currency, status, payment_method, return_url, metadata, last_error, account)
      VALUES (${intentId}, ${`${intentId}_secret_${randomBytes(12).toString('hex')}`}, ${amount}, ${currency},
              ${status}, ${paymentMethodId}, ${params.return_url ?? null}, ${JSON.stringify(metadata)}::jsonb,
              ${lastError ? JSON.stringify(lastError) : null}::jsonb, ${account})`);
    const row = (await intent(intentId))!;
    const object = intentObject(row, options.challengeBaseUrl);
    if (status === 'succeeded') emit('payment_intent.succeeded', row);
    if (lastError) {
      emit('payment_intent.payment_failed', row);
      // Stripe answers a declined confirmation with 402 and the PaymentIntent inside the error.
      return error(402, 'card_error', { ...lastError, payment_intent: object });
    }
    const answer = { status: 200, body: object };
    if (status === 'succeeded' && behaviour === 'timeout') throw new SimulatedStripeTimeout(answer);
    return answer;
  }

  async function search(query: string, account: string): Promise<StripeAnswer> {
    const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.trim());
    if (!match) return error(400, 'invalid_request_error', { code: 'parameter_invalid', param: 'query' });
    const { rows } = await db.execute<IntentRow>(sql`
      SELECT i.*, NULL AS behaviour FROM gateway_sim.stripe_payment_intents i
      WHERE i.metadata @> ${JSON.stringify({ [match[1]!]: match[2] })}::jsonb
        AND (i.account IS NULL OR i.account = ${account})
      ORDER BY i.created_at`);
    return {
      status: 200,
      body: {
        object: 'search_result',
        url: '/v1/payment_intents/search',
        has_more: false,
        next_page: null,
        data: rows.map((row) => intentObject(row, options.challengeBaseUrl)),
      },
    };
  }

  async function refund(params: Record<string, string>, account: string): Promise<StripeAnswer> {
    const row = params.payment_intent ? await intent(params.payment_intent, account) : undefined;
    if (!row) {
      return error(400, 'invalid_request_error', { code: 'resource_missing', param: 'payment_intent' });
    }
    if (row.status !== 'succeeded') {
      return error(400, 'invalid_request_error', {
        code: 'payment_intent_unexpected_state',
        message: 'This PaymentIntent has no successful charge to refund.',
      });
    }
    const left = Number(row.amount) - Number(row.amount_refunded);
    if (left <= 0) return error(400, 'invalid_request_error', { code: 'charge_already_refunded' });
    // `amount` (ADR 077): a part, or by default all that is left; never more than is left.
    if (params.amount !== undefined && !/^[1-9]\d{0,8}$/.test(params.amount)) {
      return error(400, 'invalid_request_error', { code: 'parameter_invalid_integer', param: 'amount' });
    }
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (amount > left) {
      return error(400, 'invalid_request_error', {
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (¥${amount}) is greater than unrefunded amount on charge (¥${left})`,
      });
    }
    if (row.behaviour === 'refund_fails') {
      return error(402, 'card_error', { code: 'refund_failed', message: 'The refund could not be made.' });
    }
    const refundId = id('re');
    const given = await db.transaction(async (tx) => {
      // Conditional on what is still left, so two refunds at once never give back more than was taken.
      const { rows } = await tx.execute(sql`
        UPDATE gateway_sim.stripe_payment_intents
        SET amount_refunded = amount_refunded + ${amount}, updated_at = now()
        WHERE id = ${row.id} AND amount - amount_refunded >= ${amount} RETURNING id`);
      if (rows.length === 0) return false;
      await tx.execute(sql`
        INSERT INTO gateway_sim.stripe_refunds (id, payment_intent, amount, status)
        VALUES (${refundId}, ${row.id}, ${amount}, 'succeeded')`);
      return true;
    });
    if (!given) return error(400, 'invalid_request_error', { code: 'amount_too_large', param: 'amount' });
    return {
      status: 200,
      body: { id: refundId, object: 'refund', amount, payment_intent: row.id, status: 'succeeded' },
    };
  }

  async function route(request: StripeRequest): Promise<StripeAnswer> {
    const { method, path, params } = request;
    if (method === 'POST' && path === '/v1/payment_methods') {
      // Stripe.js sends the publishable key as `key`; a server may use its secret key.
      const key = params.key ?? request.authorization?.replace(/^Bearer /, '') ?? '';
      if (!/^(pk|sk)_test_\w+$/.test(key)) {
        return error(401, 'invalid_request_error', { message: 'Invalid API Key provided.' });
      }
      return createPaymentMethod(params);
    }
    if (!/^Bearer sk_test_\w+$/.test(request.authorization ?? '')) {
      return error(401, 'invalid_request_error', { message: 'Invalid API Key provided.' });
    }
    const account = accountOfAuthorization(request.authorization);
    // Which account a key opens: the server stores it with each payment (server ADR 127).
    if (method === 'GET' && path === '/v1/account') {
      return { status: 200, body: { id: account, object: 'account', charges_enabled: true } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(params, account);
    if (method === 'GET' && path === '/v1/payment_intents/search') return search(params.query ?? '', account);
    const one = /^\/v1\/payment_intents\/(pi_[0-9a-f]+)$/.exec(path);
    if (method === 'GET' && one) {
      const row = await intent(one[1]!, account);
      return row
        ? { status: 200, body: intentObject(row, options.challengeBaseUrl) }
        : error(404, 'invalid_request_error', { code: 'resource_missing', param: 'intent' });
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(params, account);
    return error(404, 'invalid_request_error', { message: `Unrecognized request URL (${method}: ${path}).` });
  }

  /**
   * One API call. A POST with an Idempotency-Key answers the first call's answer again (Stripe keeps
   * them 24 hours); the key is claimed before the work, so two concurrent calls with one key do it once.
   */
  async function handle(request: StripeRequest): Promise<StripeAnswer> {
    const key = request.method === 'POST' ? request.idempotencyKey : undefined;
    if (!key) return route(request);
    const { rows: claimed } = await db.execute(sql`
      INSERT INTO gateway_sim.stripe_idempotency (key, path) VALUES (${key}, ${request.path})
      ON CONFLICT (key) DO NOTHING RETURNING key`);
    if (claimed.length === 0) {
      // Another call with this key: wait for its answer (Stripe answers 409 while it runs; we wait).
      for (let tries = 0; tries < 100; tries += 1) {
        const { rows } = await db.execute<{ status: number | null; body: unknown; path: string }>(
          sql`SELECT status, body, path FROM gateway_sim.stripe_idempotency WHERE key = ${key}`,
        );
        const stored = rows[0]!;
        if (stored.path !== request.path) {
          return error(400, 'idempotency_error', {
            message: 'Keys for idempotent requests can only be used for the same endpoint.',
          });
        }
        if (stored.status !== null) return { status: stored.status, body: stored.body };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return error(409, 'idempotency_error', { message: 'A request with this key is still in progress.' });
    }
    const remember = (answer: StripeAnswer) =>
      db.execute(sql`
        UPDATE gateway_sim.stripe_idempotency SET status = ${answer.status},
               body = ${JSON.stringify(answer.body)}::jsonb WHERE key = ${key}`);
    try {
      const answer = await route(request);
      await remember(answer);
      return answer;
    } catch (failure) {
      if (failure instanceof SimulatedStripeTimeout) {
        // The work was done: a retry with the key gets the real answer, as at Stripe.
        await remember(failure.answer);
      } else {
        await db.execute(sql`DELETE FROM gateway_sim.stripe_idempotency WHERE key = ${key}`);
      }
      throw failure;
    }
  }

  /** The issuer's answer on the 3-D Secure page: passed → succeeded; failed → requires_payment_method. */
  async function authenticate(intentId: string, clientSecret: string, passed: boolean) {
    const { rows } = await db.execute<{ id: string }>(sql`
      UPDATE gateway_sim.stripe_payment_intents
      SET status = ${passed ? 'succeeded' : 'requires_payment_method'},
          last_error = ${
            passed
              ? null
              : JSON.stringify({
                  type: 'card_error',
                  code: 'payment_intent_authentication_failure',
                  message: 'The provided PaymentMethod has failed authentication.',
                })
          }::jsonb,
          updated_at = now()
      WHERE id = ${intentId} AND client_secret = ${clientSecret} AND status = 'requires_action'
      RETURNING id`);
    const row = await intent(intentId);
    if (!row || row.client_secret !== clientSecret) return null;
    if (rows.length === 1) emit(passed ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', row);
    const status = row.status === 'succeeded' ? 'succeeded' : 'failed';
    const back = new URL(row.return_url ?? 'about:blank');
    back.searchParams.set('payment_intent', row.id);
    back.searchParams.set('payment_intent_client_secret', row.client_secret);
    back.searchParams.set('redirect_status', status);
    return { returnUrl: back.href, amount: Number(row.amount), currency: row.currency };
  }

  /** What the 3-D Secure page shows, or null for an unknown intent or a wrong secret. */
  async function challengeOf(intentId: string, clientSecret: string) {
    const row = await intent(intentId);
    if (!row || row.client_secret !== clientSecret) return null;
    return { amount: Number(row.amount), currency: row.currency, open: row.status === 'requires_action' };
  }

  return { handle, authenticate, challengeOf };
}

export type StripeSimulator = ReturnType<typeof createStripeSimulator>;

/**
 * The SDK's fetch, answered by the simulator in this process (the demo's transport: no loopback HTTP). A
 * simulated time-out becomes a network failure, as the SDK would see a lost answer.
 */
export function simulatorFetch(simulator: StripeSimulator): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const form = method === 'GET' ? url.searchParams : new URLSearchParams(String(init?.body ?? ''));
    try {
      const answer = await simulator.handle({
        method,
        path: url.pathname,
        params: Object.fromEntries(form),
        authorization: headers.get('authorization') ?? undefined,
        idempotencyKey: headers.get('idempotency-key') ?? undefined,
      });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json', 'request-id': id('req') },
      });
    } catch (failure) {
      if (failure instanceof SimulatedStripeTimeout) throw new TypeError('fetch failed: socket hang up');
      throw failure;
    }
  };
}
