import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import {
  SALES_CHANNELS,
  type CheckoutBody,
  type CheckoutResponse,
  type PaymentMethodId,
  type SiteCode,
} from '@kippu/contract';
import type { Tx } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import type { Row } from '../../db/generated/rows.ts';
import { AppError } from '../../shared/app-error.ts';
import { lockOrder, requireKind } from '../orders/order-lock.ts';
import { isTimedOut, orderById, transitionOrders } from '../orders/order-state.ts';
import { payableAmount } from '../orders/payable-amount.ts';
import {
  inFlightAttemptId,
  insertAttempt,
  markChargeSent,
  type StoredAttempt,
} from '../payments/payment-attempts.ts';
import {
  providerEvent,
  type GatewayStatus,
  type PaymentProvider,
  type StartInput,
} from '../payments/payment-provider.ts';
import type { PaymentRegistry } from '../payments/payment-registry.ts';
import { waitForAttemptAnswer } from './attempt-answer.ts';
import { answerJoinedAttempt } from './join-attempt.ts';
import type { ReconcileSettings } from './reconcile-settings.ts';
import { runningAttempts } from './running-attempts.ts';
import { settleAttempt, type AttemptOutcome, type SettleDeps } from './settle-attempt.ts';
import { assertCouponMethodsAllow } from '../coupons/payment-method-coupons.ts';

/**
 * A repeated checkout waits this long for the attempt in flight: under the client's 240 000 ms time-out
 * (spec §9), above the worst gateway round (three calls of GATEWAY_TIMEOUT_MS's default 60 s).
 */
export const WAIT_FOR_ATTEMPT_MS = 200_000;

export interface CheckoutDeps extends SettleDeps {
  payments: PaymentRegistry;
  /** How long a repeated checkout waits for the attempt in flight before answering payment_api_failure. */
  waitForAttemptMs: number;
  /** This process's instance lock id (ADR 047), stamped on the attempts it starts; null: not tracked. */
  instanceId: number | null;
  /** When attempts in flight are asked about (ADR 026, 047). */
  reconcile: ReconcileSettings;
}

type LockedOrder = Pick<Row<'orders'>, 'id' | 'status' | 'channel' | 'price'> & {
  lapsed: boolean;
  /** A sum over bigints is numeric, which pg hands over as text. */
  discounts: string;
  currency: string;
};

/** What the locked first step of a checkout found or started (also a change of date's top-up, ADR 029). */
export type Begun =
  | { kind: 'answered'; response: CheckoutResponse }
  | { kind: 'in_flight'; paymentId: number }
  | { kind: 'started'; attempt: StoredAttempt; provider: PaymentProvider };

export async function methodEnabled(
  tx: Tx,
  site: SiteCode,
  channel: string,
  method: PaymentMethodId,
): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    SELECT 1 FROM payment_methods
    WHERE site_code = ${site} AND channel = ${channel} AND method = ${method} AND enabled`);
  return rows.length === 1;
}

/**
 * A method id no payment family serves is refused before any lookup or lock (ADR 059, amendments): the
 * request schema checks only the id's shape, and a free or already reserved order, an unknown token or a
 * change with nothing to top up would otherwise answer as if the method were real. Whether the site offers
 * a served method on the order's channel is checked later, under the lock (methodEnabled).
 */
export function assertServedMethod(payments: PaymentRegistry, method: PaymentMethodId): void {
  if (payments.kindOf(method) === undefined) {
    throw new AppError('invalid_request', `payment method ${method} is served by no payment family`);
  }
}

/**
 * Under the order's row lock: answer a finished checkout again, join an attempt in flight, or move the
 * order ready_checkout → paying and write the new attempt (one transaction, so two concurrent calls
 * cannot both start one; a unique index backs this up).
 */
async function beginAttempt(
  tx: Tx,
  deps: CheckoutDeps,
  site: SiteCode,
  orderToken: string,
  body: CheckoutBody,
): Promise<Begun> {
  // Lock first, then read: a statement that waited for the lock would see the order's new version but
  // the rest (its coupons, its reservation) as they were before the lock holder committed.
  const locked = await lockOrder(tx, site, orderToken);
  const { rows } = locked
    ? await tx.execute<LockedOrder>(sql`
        SELECT o.id, o.status, o.channel, o.expires_at <= now() AS lapsed,
               o.price, o.membership_discount + COALESCE((SELECT sum(c.discount) FROM order_coupons c
                                                          WHERE c.order_id = o.id), 0) AS discounts,
               COALESCE(s.settings ->> 'currency', 'JPY') AS currency
        FROM orders o JOIN sites s ON s.code = o.site_code
        WHERE o.id = ${locked.id}`)
    : { rows: [] };
  const order = rows[0];
  if (!locked || !order || order.status === 'cancelled') throw new AppError('record_not_found');
  // A change of date's order is paid by its top-up (POST /timechanges/…/checkout), fixed when the change
  // started; this checkout would charge the new visit's whole price again (ADR 029, 040).
  requireKind(locked, { kinds: SALES_CHANNELS, changeRefusal: 'record_not_found' });
  const earlier = await answerForOrderState(tx, order);
  if (earlier) return earlier;

  const total = payableAmount(Number(order.price), Number(order.discounts));
  // Nothing to pay is settled as `free` whatever was picked; `free` with a total is refused by its provider.
  const method: PaymentMethodId = total === 0 ? 'free' : body.payment_method_type;
  if (method !== 'free' && !(await methodEnabled(tx, site, order.channel, method))) {
    throw new AppError('invalid_request', `payment method ${method} is not offered on this site and channel`);
  }
  // A payment-method discount holds only for a payment by its methods (ADR 103).
  await assertCouponMethodsAllow(tx, order.id, method);
  const provider = deps.payments.providerFor(method);
  if (!provider) throw new AppError('payment_api_failure', `no provider for ${method} yet`);

  await transitionOrders(tx, { orders: orderById(order.id), to: 'paying', reason: 'checkout' });
  const attempt = await insertAttempt(tx, {
    orderId: order.id,
    siteCode: site,
    method,
    amount: total,
    currency: order.currency,
    maskedCardNumber: body.masked_card_number,
    instanceId: deps.instanceId,
  });
  // Running from before the commit, so a repeated checkout of this process never sees it `created` and
  // not running (payBegunAttempt keeps it so until its outcome is stored; checkout undoes it on a failure).
  runningAttempts.add(attempt.id);
  return { kind: 'started', attempt, provider };
}

/** When the gateway's answer is lost (time-out, network), ask it what became of the attempt. */
async function outcomeFromStatus(
  provider: PaymentProvider,
  attempt: StoredAttempt,
  startError: unknown,
): Promise<AttemptOutcome> {
  let status: GatewayStatus;
  try {
    status = await provider.status(attempt);
  } catch {
    status = 'pending';
  }
  const events = [
    providerEvent('start', { error: (startError as Error)?.message ?? String(startError) }),
    providerEvent('status', { status }),
  ];
  if (status === 'confirmed') return { kind: 'done', providerReference: null, events };
  if (status === 'failed' || status === 'not_found') {
    return { kind: 'declined', providerReference: null, code: 'gateway_unavailable', events };
  }
  return { kind: 'unknown', events };
}

/**
 * POST /orders/checkout/{orderToken} (ADR 017). Idempotent: a double click or a retry never charges or
 * reserves twice. (1) Lock the order; ready_checkout → paying with a new payment attempt, in one
 * transaction. (2) Call the provider outside any transaction. (3) Record the outcome (settleAttempt):
 * reserved with sold stock, tickets and the mail in one transaction; or declined → ready_checkout
 * (`payment_api_failure`, pay again); or the browser must go elsewhere (`redirect`). A call that finds an
 * attempt in flight waits for it (bounded) and answers its result, asking the gateway at once when that
 * attempt is stranded (join-attempt.ts).
 */
export async function checkout(
  deps: CheckoutDeps,
  site: SiteCode,
  orderToken: string,
  body: CheckoutBody,
  /** What the box office adds for its provider (ADR 080): a card terminal's approval number. */
  counter: Pick<StartInput, 'terminalApproval'> = {},
): Promise<CheckoutResponse> {
  assertServedMethod(deps.payments, body.payment_method_type);
  let begun: Begun | undefined;
  try {
    begun = await deps.db.transaction(async (tx) => {
      begun = await beginAttempt(tx, deps, site, orderToken, body);
      return begun;
    });
  } catch (error) {
    // Not started here after all (or the commit's fate is unknown): a repeat must be free to ask the gateway.
    if (begun?.kind === 'started') runningAttempts.delete(begun.attempt.id);
    throw error;
  }
  return payBegunAttempt(deps, begun, body, counter);
}

/** Pauses between tries to store a gateway outcome held in memory (ms): about 8 s in all. */
const SETTLE_RETRY_MS = [250, 500, 1000, 2000, 4000];

/**
 * settleAttempt for an outcome this process holds only in memory (the card may be charged): a database
 * fault (a cut connection, a statement time-out, a pool wait) is tried again a few times with back-off, as
 * settleAttempt applies an outcome once however often it is given. Past the last try the error goes to the
 * visitor (503), and storing goes on in the background (settleInBackground).
 */
async function settleHeldOutcome(
  deps: CheckoutDeps,
  provider: PaymentProvider,
  attempt: StoredAttempt,
  outcome: AttemptOutcome,
): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      return await settleAttempt(deps, provider, attempt, outcome);
    } catch (error) {
      const pause = SETTLE_RETRY_MS[tries];
      if (pause === undefined) throw error;
      deps.log.error({ err: error, paymentId: attempt.id }, 'storing a payment outcome failed; trying again');
      await sleep(pause);
    }
  }
}

/** StartInput.beforeCharge: the "exec sent" mark; a database that cannot store it stops the charge. */
function chargeMark(
  deps: CheckoutDeps,
  attempt: StoredAttempt,
  onFault: (error: unknown) => void,
): () => Promise<boolean> {
  return async () => {
    try {
      return await markChargeSent(deps.db, attempt.id);
    } catch (error) {
      deps.log.error(
        { err: error, paymentId: attempt.id },
        'could not mark the charge as sent; not sending it',
      );
      onFault(error);
      return false;
    }
  };
}

/**
 * Steps (2) and (3) of a checkout: the provider is called outside any transaction and its outcome recorded
 * through settleAttempt; a joined attempt is waited for. Shared with the change of date's top-up (ADR 029).
 */
export async function payBegunAttempt(
  deps: CheckoutDeps,
  begun: Begun,
  body: CheckoutBody,
  counter: Pick<StartInput, 'terminalApproval'> = {},
): Promise<CheckoutResponse> {
  if (begun.kind === 'answered') return begun.response;
  // A stranded attempt (its process died, or its answer was lost) is asked about at once (ADR 047).
  if (begun.kind === 'in_flight') return answerJoinedAttempt(deps, begun.paymentId, deps.waitForAttemptMs);

  const { attempt, provider } = begun;
  let markFault: unknown;
  const input: StartInput = {
    token: body.token,
    maskedCardNumber: body.masked_card_number,
    ...(body.device_session_id ? { deviceSessionId: body.device_session_id } : {}),
    ...(counter.terminalApproval === undefined ? {} : { terminalApproval: counter.terminalApproval }),
    beforeCharge: chargeMark(deps, attempt, (error) => (markFault = error)),
  };
  let held: AttemptOutcome | undefined;
  let startFault: unknown;
  try {
    await runningAttempts.during(attempt.id, async () => {
      try {
        held = await provider.start(attempt, input);
      } catch (error) {
        startFault = error;
        deps.log.error(
          { err: error, paymentId: attempt.id },
          'payment gateway gave no answer; asking for the status',
        );
        held = await outcomeFromStatus(provider, attempt, error);
      }
      await settleHeldOutcome(deps, provider, attempt, held);
    });
  } catch (error) {
    if (held) settleInBackground(deps, provider, attempt, held);
    throw error;
  }
  // The database failed before the charge (at the charge mark, or as the provider read its settings), so the
  // gateway took no money: the answer is the database's 503 (tried again by the web, a new attempt then
  // pays, or the repeat joins this one while the gateway still decides), not a refused payment (ADR 046).
  const databaseFault = [markFault, startFault].find(isDatabaseUnavailable);
  const paidOrOnItsWay = held?.kind === 'done' || held?.kind === 'redirect' || held?.kind === 'challenge';
  if (databaseFault !== undefined && !paidOrOnItsWay) throw databaseFault;
  return waitForAttemptAnswer(deps.db, attempt.id, deps.waitForAttemptMs);
}

/** Pause between background tries to store an outcome the visitor's request could not (ms). */
const BACKGROUND_SETTLE_MS = 5_000;

/**
 * Goes on storing an outcome after the visitor's request gave up (its 503), while the database is away: a
 * repeated checkout on any process joins the attempt and gets the stored answer (a charged card: the
 * reservation) as soon as the database is back, instead of waiting for the reconciler. The attempt counts as
 * running here meanwhile; past the reconcile delay this stops, and a repeated checkout or the reconciler asks
 * the gateway instead (ADR 047).
 */
function settleInBackground(
  deps: CheckoutDeps,
  provider: PaymentProvider,
  attempt: StoredAttempt,
  outcome: AttemptOutcome,
): void {
  const giveUpAt = Date.now() + deps.reconcile.afterMinutes * 60_000;
  runningAttempts.add(attempt.id);
  const tryAgain = () => {
    settleAttempt(deps, provider, attempt, outcome).then(
      () => runningAttempts.delete(attempt.id),
      (error: unknown) => {
        if (Date.now() >= giveUpAt) {
          runningAttempts.delete(attempt.id);
          deps.log.error(
            { err: error, paymentId: attempt.id },
            'storing a payment outcome failed; left to reconciliation',
          );
          return;
        }
        setTimeout(tryAgain, BACKGROUND_SETTLE_MS).unref();
      },
    );
  };
  setTimeout(tryAgain, BACKGROUND_SETTLE_MS).unref();
}

/**
 * What a second checkout of a locked order answers before anything is paid: a retry or a double click after
 * the purchase went through gets the same reservation again, one during the payment the attempt in flight;
 * a lapsed or not-ready order is refused. `undefined`: the order is ready to be paid now. Shared by every
 * checkout (visitor methods and a partner's on-account booking), so they answer retries alike.
 */
export async function answerForOrderState(
  tx: Tx,
  order: Pick<Row<'orders'>, 'id' | 'status'> & { lapsed: boolean },
): Promise<Begun | undefined> {
  if (order.status === 'reserved') {
    const { rows: reserved } = await tx.execute<
      Pick<Row<'reservations'>, 'reservation_token' | 'reservation_number'>
    >(sql`SELECT reservation_token, reservation_number FROM reservations WHERE order_id = ${order.id}`);
    if (reserved[0]) return { kind: 'answered', response: { status: 'reserved', ...reserved[0] } };
  }
  if (order.status === 'paying') {
    const paymentId = await inFlightAttemptId(tx, order.id);
    if (paymentId !== undefined) return { kind: 'in_flight', paymentId };
  }
  if (isTimedOut(order.status, order.lapsed)) throw new AppError('session_timeout');
  if (order.status !== 'ready_checkout') throw new AppError('order_not_ready_checkout');
  return undefined;
}
