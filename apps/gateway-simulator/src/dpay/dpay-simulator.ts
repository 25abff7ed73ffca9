import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DPAY_TEST_ACCOUNTS } from '@kippu/contract/stripe-test-cards';
import { DPAY_SIMULATOR_MERCHANT, DPAY_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import type { SimDb as Db } from '../db/sim-db.ts';
import type { DpayPaymentStatus, DpayTransport } from './dpay-wire.ts';

/**
 * The built-in d払い simulator (ADR 028): the carrier's login (authorisation endpoint: response_type,
 * scope, client_id, redirect_uri, state, nonce, prompt, authif → code and state back to redirect_uri), its
 * token and payment-token calls, and the payment page the browser posts s_terkn, s_spcd and s_cptok to,
 * which posts the result back to the merchant. State in PostgreSQL (gateway_sim.dpay_*).
 */

// Where it answers and the merchant it knows are the contract's (gateway-simulator.ts): the server reads them too.
export { DPAY_SIMULATOR_MERCHANT, DPAY_SIMULATOR_PATHS };

const ACCOUNTS = new Set<string>(Object.values(DPAY_TEST_ACCOUNTS));
const OUTCOME: Record<string, 'paid' | 'declined'> = {
  [DPAY_TEST_ACCOUNTS.success]: 'paid',
  [DPAY_TEST_ACCOUNTS.decline]: 'declined',
  [DPAY_TEST_ACCOUNTS.insufficientFunds]: 'declined',
};

/** A refund for more than is left: thrown inside its transaction so the refund id's row rolls back too. */
const REFUSED = new Error('refund refused');

const random = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

export function createDpaySimulator(db: Db) {
  /** The login page's POST: the account logged in (or cancelled); where the browser goes next. */
  async function authorize(input: {
    clientId: string;
    redirectUri: string;
    state: string;
    nonce: string;
    account: string | null;
  }): Promise<string | null> {
    if (input.clientId !== DPAY_SIMULATOR_MERCHANT.clientId) return null;
    const back = new URL(input.redirectUri);
    back.searchParams.set('state', input.state);
    if (!input.account) {
      back.searchParams.set('error', 'access_denied');
      return back.href;
    }
    if (!ACCOUNTS.has(input.account)) return null;
    const code = random('code_');
    await db.execute(sql`
      INSERT INTO gateway_sim.dpay_codes (code, client_id, redirect_uri, nonce, account)
      VALUES (${code}, ${input.clientId}, ${input.redirectUri}, ${input.nonce}, ${input.account})`);
    back.searchParams.set('code', code);
    return back.href;
  }

  const transport: DpayTransport = {
    async token({ code, redirectUri }) {
      // A code is used once and only with the redirect_uri it was issued for (as OpenID Connect requires).
      const { rows } = await db.execute<{ account: string }>(sql`
        UPDATE gateway_sim.dpay_codes SET used_at = now()
        WHERE code = ${code} AND redirect_uri = ${redirectUri} AND used_at IS NULL
          AND created_at > now() - interval '10 minutes'
        RETURNING account`);
      // The access token carries the account (the simulator keeps no token table).
      return rows[0]
        ? { accessToken: `at_${rows[0].account}_${randomBytes(8).toString('hex')}` }
        : { error: 'invalid_grant' };
    },

    async paymentToken({ accessToken, orderRef, amount, returnUrl }) {
      const account = /^at_(.+)_[0-9a-f]{16}$/.exec(accessToken)?.[1];
      if (!account || !ACCOUNTS.has(account)) return { error: 'invalid_token' };
      const cptok = random('cptok_');
      // One payment per order id: asking again answers the same token.
      const { rows } = await db.execute<{ cptok: string }>(sql`
        INSERT INTO gateway_sim.dpay_payments (cptok, order_ref, terkn, spcd, amount, account, return_url, status)
        VALUES (${cptok}, ${orderRef}, ${DPAY_SIMULATOR_MERCHANT.terminalId}, ${DPAY_SIMULATOR_MERCHANT.shopCode},
                ${amount}, ${account}, ${returnUrl}, 'created')
        ON CONFLICT (order_ref) DO UPDATE SET updated_at = now()
        RETURNING cptok`);
      return {
        s_terkn: DPAY_SIMULATOR_MERCHANT.terminalId,
        s_spcd: DPAY_SIMULATOR_MERCHANT.shopCode,
        s_cptok: rows[0]!.cptok,
        request_url: DPAY_SIMULATOR_PATHS.payment,
      };
    },

    async status(orderRef) {
      const { rows } = await db.execute<{ status: DpayPaymentStatus }>(
        sql`SELECT status FROM gateway_sim.dpay_payments WHERE order_ref = ${orderRef}`,
      );
      return rows[0]?.status ?? 'not_found';
    },

    /**
     * A refund by amount (ADR 077), deduped by the merchant's refund id: the id's row and the payment's
     * refunded amount are written in one statement, only while that much is left, so the same id twice
     * (or two at once) never gives back twice. All given back: the payment is `refunded`.
     */
    async refund(orderRef, { amount, refundId }) {
      if (!Number.isInteger(amount) || amount < 1) return { ok: false, code: 'invalid_amount' };
      const { rows: earlier } = await db.execute<{ order_ref: string; amount: string }>(
        sql`SELECT order_ref, amount FROM gateway_sim.dpay_refunds WHERE refund_id = ${refundId}`,
      );
      if (earlier[0]) {
        return earlier[0].order_ref === orderRef && Number(earlier[0].amount) === amount
          ? { ok: true, refundId }
          : { ok: false, code: 'refund_id_reused' };
      }
      // The id's row first (its key is the lock), then the payment, in one transaction.
      const given = await db
        .transaction(async (tx) => {
          const { rows: claimed } = await tx.execute(sql`
          INSERT INTO gateway_sim.dpay_refunds (refund_id, order_ref, amount)
          SELECT ${refundId}, order_ref, ${amount} FROM gateway_sim.dpay_payments WHERE order_ref = ${orderRef}
          ON CONFLICT (refund_id) DO NOTHING RETURNING refund_id`);
          if (claimed.length === 0) return 'seen';
          const { rows: paid } = await tx.execute(sql`
          UPDATE gateway_sim.dpay_payments
          SET refunded_amount = refunded_amount + ${amount},
              status = CASE WHEN refunded_amount + ${amount} = amount THEN 'refunded' ELSE status END,
              updated_at = now()
          WHERE order_ref = ${orderRef} AND status = 'paid' AND amount - refunded_amount >= ${amount}
          RETURNING order_ref`);
          // Not that much left (or not paid): the id's row goes with the rolled-back transaction.
          if (paid.length === 0) throw REFUSED;
          return 'given';
        })
        .catch((error: unknown) => {
          if (error === REFUSED) return 'refused' as const;
          throw error;
        });
      if (given === 'given') return { ok: true, refundId };
      if (given === 'seen') {
        // The same id, sent at the same moment by another call, got there first.
        const { rows: seen } = await db.execute(
          sql`SELECT 1 FROM gateway_sim.dpay_refunds WHERE refund_id = ${refundId} AND order_ref = ${orderRef}`,
        );
        if (seen.length === 1) return { ok: true, refundId };
      }
      const { rows: payment } = await db.execute<{ status: string }>(
        sql`SELECT status FROM gateway_sim.dpay_payments WHERE order_ref = ${orderRef}`,
      );
      return {
        ok: false,
        code: payment[0]?.status === 'paid' ? 'amount_exceeds_remaining' : 'not_refundable',
      };
    },
  };

  /** What the payment page shows for the posted fields, or null when they name no open payment. */
  async function paymentOf(fields: { s_terkn: string; s_spcd: string; s_cptok: string }) {
    const { rows } = await db.execute<{ amount: string; status: string; return_url: string }>(sql`
      SELECT amount, status, return_url FROM gateway_sim.dpay_payments
      WHERE cptok = ${fields.s_cptok} AND terkn = ${fields.s_terkn} AND spcd = ${fields.s_spcd}`);
    const row = rows[0];
    return row
      ? { amount: Number(row.amount), open: row.status === 'created', returnUrl: row.return_url }
      : null;
  }

  /** The visitor's answer on the payment page: pay (the account decides) or cancel. Applied once. */
  async function decide(cptok: string, pay: boolean) {
    const { rows } = await db.execute<{ account: string; return_url: string; status: string }>(
      sql`SELECT account, return_url, status FROM gateway_sim.dpay_payments WHERE cptok = ${cptok}`,
    );
    const row = rows[0];
    if (!row) return null;
    const next = pay ? (OUTCOME[row.account] ?? 'declined') : 'canceled';
    await db.execute(sql`
      UPDATE gateway_sim.dpay_payments SET status = ${next}, updated_at = now()
      WHERE cptok = ${cptok} AND status = 'created'`);
    const { rows: after } = await db.execute<{ status: string }>(
      sql`SELECT status FROM gateway_sim.dpay_payments WHERE cptok = ${cptok}`,
    );
    return { returnUrl: row.return_url, status: after[0]!.status };
  }

  return { authorize, transport, paymentOf, decide };
}

export type DpaySimulator = ReturnType<typeof createDpaySimulator>;
