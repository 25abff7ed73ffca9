import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SimDb as Db } from '../db/sim-db.ts';
import { behaviourOf, DECLINE_CODES, maskCardNumber, type CardBehaviour } from '../shared/test-cards.ts';

/**
 * The second and third card processors (ADR 101): a token-then-charge acquirer in the public shape of
 * Midtrans's and SBPS's token APIs. The browser's token script turns the card into a one-time token; its
 * 3-D Secure script sends the browser's device data for that token (3-D Secure 2's "3DS Method"); the
 * merchant's server charges the token by its order id and, when the issuer challenges, sends the browser to
 * the challenge page and captures after it. Its state lives in PostgreSQL (gateway_sim), as the other
 * simulators'. The same processor answers for card2 and card3; the merchant id keeps them apart.
 */

/** A token lives this long and is used once. */
export const CARD2_TOKEN_MINUTES = 30;
/** The processor's codes (its own, in its public documentation's style). */
export const CARD2_CODES = {
  ...DECLINE_CODES,
  threeDsFailed: '3ds_failed',
  tokenInvalid: 'token_invalid',
  notAuthenticated: 'not_authenticated',
  amountTooLarge: 'amount_too_large',
  merchantMismatch: 'merchant_mismatch',
} as const;

const MERCHANT = /^[A-Za-z0-9_-]{1,64}$/;
const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const TOKEN = /^c2tok_[0-9a-f]{32}$/;
const TRANSACTION = /^c2tx_[0-9a-f]{24}$/;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export interface Card2TokenRequest {
  merchantId?: unknown;
  number?: unknown;
  expiry?: unknown;
  cvc?: unknown;
  holder?: unknown;
}
export type Card2TokenAnswer =
  | { result: 'ok'; token: string; maskedCardNo: string }
  | { result: 'invalid'; field: 'merchant' | 'number' | 'expiry' | 'cvc' | 'holder' };

/** The server's calls (JSON both ways). */
export interface Card2Charge {
  merchant_id: string;
  service_id: string;
  order_id: string;
  amount: number;
  token: string;
  three_ds: boolean;
  return_url?: string;
  device_session_id?: string;
}
export type Card2ChargeAnswer =
  | { status: 'captured'; transaction_id: string; masked_card_no: string }
  | { status: 'challenge'; transaction_id: string; redirect_url: string }
  | { status: 'declined'; transaction_id: string | null; code: string };
export type Card2TransactionStatus =
  'authenticating' | 'authenticated' | 'captured' | 'declined' | 'refunded' | 'not_found';
export interface Card2StatusAnswer {
  status: Card2TransactionStatus;
  transaction_id: string | null;
  amount: number;
  refunded_amount: number;
  code: string | null;
}
export type Card2RefundAnswer =
  { status: 'refunded'; refund_id: string; refunded_amount: number } | { status: 'error'; code: string };

/** The charge was taken, but the answer never reaches the merchant (test card `timeout`). */
export class Card2Timeout extends Error {
  constructor() {
    super('the simulated card processor did not answer');
    this.name = 'Card2Timeout';
  }
}

type TransactionRow = {
  transaction_id: string;
  merchant_id: string;
  service_id: string;
  order_id: string;
  amount: string;
  refunded_amount: string;
  status: Exclude<Card2TransactionStatus, 'not_found'>;
  decline_code: string | null;
  masked_card_no: string;
  three_ds: boolean;
  challenged: boolean;
  return_url: string | null;
  device_session_id: string | null;
  device_profiled: boolean;
};

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** The token API's checks; null when the card is well-formed (its behaviour is decided at the charge). */
function tokenProblem(request: Card2TokenRequest): Exclude<Card2TokenAnswer, { result: 'ok' }> | null {
  if (!MERCHANT.test(text(request.merchantId))) return { result: 'invalid', field: 'merchant' };
  if (!/^\d{12,19}$/.test(text(request.number))) return { result: 'invalid', field: 'number' };
  if (!/^\d{4}$/.test(text(request.expiry))) return { result: 'invalid', field: 'expiry' };
  const month = Number(text(request.expiry).slice(2));
  if (month < 1 || month > 12) return { result: 'invalid', field: 'expiry' };
  if (!/^\d{3,4}$/.test(text(request.cvc))) return { result: 'invalid', field: 'cvc' };
  if (text(request.holder).length > 50) return { result: 'invalid', field: 'holder' };
  return null;
}

/** `challengeBase`: where this processor's challenge page answers (its prefix's `/challenge`). */
export function createCard2Simulator(db: Db, challengeBase: string) {
  async function transaction(where: ReturnType<typeof sql>): Promise<TransactionRow | undefined> {
    const { rows } = await db.execute<TransactionRow>(
      sql`SELECT * FROM gateway_sim.card2_transactions WHERE ${where}`,
    );
    return rows[0];
  }

  const statusOf = (row: TransactionRow | undefined): Card2StatusAnswer =>
    row
      ? {
          status: row.status,
          transaction_id: row.transaction_id,
          amount: Number(row.amount),
          refunded_amount: Number(row.refunded_amount),
          code: row.decline_code,
        }
      : { status: 'not_found', transaction_id: null, amount: 0, refunded_amount: 0, code: null };

  const chargeAnswer = (row: TransactionRow): Card2ChargeAnswer => {
    if (row.status === 'declined') {
      return { status: 'declined', transaction_id: row.transaction_id, code: row.decline_code ?? 'declined' };
    }
    if (row.status === 'authenticating' || row.status === 'authenticated') {
      return {
        status: 'challenge',
        transaction_id: row.transaction_id,
        redirect_url: `${challengeBase}/${row.transaction_id}`,
      };
    }
    return { status: 'captured', transaction_id: row.transaction_id, masked_card_no: row.masked_card_no };
  };

  return {
    async issueToken(request: Card2TokenRequest): Promise<Card2TokenAnswer> {
      const problem = tokenProblem(request);
      if (problem) return problem;
      const number = text(request.number);
      const expiry = text(request.expiry);
      const token = `c2tok_${hex(16)}`;
      const maskedCardNo = maskCardNumber(number);
      await db.execute(sql`
        INSERT INTO gateway_sim.card2_tokens (token, merchant_id, behaviour, masked_card_no, expires_at)
        VALUES (${token}, ${text(request.merchantId)}, ${behaviourOf(number, expiry)}, ${maskedCardNo},
                now() + make_interval(mins => ${CARD2_TOKEN_MINUTES}))`);
      return { result: 'ok', token, maskedCardNo };
    },

    /** The 3-D Secure script's device data for a token (3-D Secure 2's 3DS Method): the issuer knows the browser. */
    async recordThreeDsMethod(token: string, device: Record<string, unknown>): Promise<boolean> {
      if (!TOKEN.test(token)) return false;
      const known = Object.keys(device).length > 0;
      const { rowCount } = await db.execute(sql`
        UPDATE gateway_sim.card2_tokens SET three_ds_method = ${known}
        WHERE token = ${token} AND used_at IS NULL AND expires_at > now()`);
      return (rowCount ?? 0) > 0;
    },

    /** The fraud-screening script's report of a device session (/simulator/fingerprint.js). */
    async profileDevice(sessionId: string, userAgent: string | null): Promise<boolean> {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(sessionId)) return false;
      await db.execute(sql`
        INSERT INTO gateway_sim.device_sessions (session_id, user_agent) VALUES (${sessionId}, ${userAgent})
        ON CONFLICT (session_id) DO NOTHING`);
      return true;
    },

    /**
     * Charges a token, once per merchant and order id: a repeated call answers the first call's outcome.
     * With 3-D Secure the issuer challenges the challenge card, and any card whose browser sent no device
     * data (no 3-D Secure script ran: the issuer cannot assess the browser, as in 3-D Secure 2).
     */
    async charge(request: Card2Charge): Promise<Card2ChargeAnswer> {
      if (!MERCHANT.test(request.merchant_id) || !ORDER_ID.test(request.order_id)) {
        return { status: 'declined', transaction_id: null, code: CARD2_CODES.tokenInvalid };
      }
      const known = await transaction(
        sql`merchant_id = ${request.merchant_id} AND order_id = ${request.order_id}`,
      );
      if (known) return chargeAnswer(known);
      if (!TOKEN.test(request.token)) {
        return { status: 'declined', transaction_id: null, code: CARD2_CODES.tokenInvalid };
      }
      const { rows } = await db.execute<{
        behaviour: CardBehaviour;
        masked_card_no: string;
        three_ds_method: boolean;
        merchant_id: string;
      }>(sql`
        UPDATE gateway_sim.card2_tokens SET used_at = now()
        WHERE token = ${request.token} AND used_at IS NULL AND expires_at > now()
        RETURNING behaviour, masked_card_no, three_ds_method, merchant_id`);
      const token = rows[0];
      if (!token) return { status: 'declined', transaction_id: null, code: CARD2_CODES.tokenInvalid };
      if (token.merchant_id !== request.merchant_id) {
        return { status: 'declined', transaction_id: null, code: CARD2_CODES.merchantMismatch };
      }
      const profiled = request.device_session_id
        ? (
            await db.execute(
              sql`SELECT 1 FROM gateway_sim.device_sessions WHERE session_id = ${request.device_session_id}`,
            )
          ).rows.length > 0
        : false;
      const behaviour = token.behaviour;
      const refused =
        behaviour in DECLINE_CODES ? DECLINE_CODES[behaviour as keyof typeof DECLINE_CODES] : null;
      const challenged =
        !refused && request.three_ds && (behaviour === 'challenge' || !token.three_ds_method);
      const status = refused ? 'declined' : challenged ? 'authenticating' : 'captured';
      const transactionId = `c2tx_${hex(12)}`;
      await db.execute(sql`
        INSERT INTO gateway_sim.card2_transactions
          (transaction_id, merchant_id, service_id, order_id, amount, status, decline_code, masked_card_no,
           three_ds, challenged, return_url, device_session_id, device_profiled)
        VALUES (${transactionId}, ${request.merchant_id}, ${request.service_id}, ${request.order_id},
                ${request.amount}, ${status}, ${refused}, ${token.masked_card_no}, ${request.three_ds},
                ${challenged}, ${request.return_url ?? null}, ${request.device_session_id ?? null}, ${profiled})`);
      if (behaviour === 'timeout') throw new Card2Timeout();
      return chargeAnswer((await transaction(sql`transaction_id = ${transactionId}`))!);
    },

    async status(merchantId: string, orderId: string): Promise<Card2StatusAnswer> {
      return statusOf(await transaction(sql`merchant_id = ${merchantId} AND order_id = ${orderId}`));
    },

    /** After a passed challenge the merchant captures; before it, the challenge is still open. */
    async capture(merchantId: string, transactionId: string): Promise<Card2StatusAnswer> {
      if (!TRANSACTION.test(transactionId)) return statusOf(undefined);
      await db.execute(sql`
        UPDATE gateway_sim.card2_transactions SET status = 'captured'
        WHERE transaction_id = ${transactionId} AND merchant_id = ${merchantId} AND status = 'authenticated'`);
      return statusOf(
        await transaction(sql`transaction_id = ${transactionId} AND merchant_id = ${merchantId}`),
      );
    },

    /** Gives back `amount` of a captured charge, once per refund key. */
    async refund(
      merchantId: string,
      transactionId: string,
      amount: number,
      refundKey: string,
    ): Promise<Card2RefundAnswer> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<TransactionRow>(sql`
          SELECT * FROM gateway_sim.card2_transactions
          WHERE transaction_id = ${transactionId} AND merchant_id = ${merchantId} FOR UPDATE`);
        const row = rows[0];
        if (!row || (row.status !== 'captured' && row.status !== 'refunded')) {
          return { status: 'error', code: 'not_refundable' } as const;
        }
        const given = await tx.execute<{ amount: string }>(sql`
          SELECT amount FROM gateway_sim.card2_refunds
          WHERE transaction_id = ${transactionId} AND refund_key = ${refundKey}`);
        if (given.rows[0]) {
          return {
            status: 'refunded',
            refund_id: `${transactionId}:${refundKey}`,
            refunded_amount: Number(row.refunded_amount),
          } as const;
        }
        const refunded = Number(row.refunded_amount) + amount;
        if (amount <= 0 || refunded > Number(row.amount)) {
          return { status: 'error', code: CARD2_CODES.amountTooLarge } as const;
        }
        await tx.execute(sql`
          INSERT INTO gateway_sim.card2_refunds (refund_key, transaction_id, amount)
          VALUES (${refundKey}, ${transactionId}, ${amount})`);
        await tx.execute(sql`
          UPDATE gateway_sim.card2_transactions
          SET refunded_amount = ${refunded}, status = ${refunded === Number(row.amount) ? 'refunded' : 'captured'}
          WHERE transaction_id = ${transactionId}`);
        return {
          status: 'refunded',
          refund_id: `${transactionId}:${refundKey}`,
          refunded_amount: refunded,
        } as const;
      });
    },

    /** The challenge as its page shows it; undefined for no such transaction. */
    async challenge(transactionId: string) {
      if (!TRANSACTION.test(transactionId)) return undefined;
      const row = await transaction(sql`transaction_id = ${transactionId}`);
      return row && row.challenged
        ? {
            amount: Number(row.amount),
            maskedCardNo: row.masked_card_no,
            open: row.status === 'authenticating',
            returnUrl: row.return_url,
          }
        : undefined;
    },

    /** The card holder's answer on the challenge page: authenticated (the merchant then captures) or failed. */
    async answerChallenge(transactionId: string, pass: boolean): Promise<string | null> {
      if (!TRANSACTION.test(transactionId)) return null;
      const { rows } = await db.execute<{ return_url: string | null }>(sql`
        UPDATE gateway_sim.card2_transactions
        SET status = ${pass ? 'authenticated' : 'declined'},
            decline_code = ${pass ? null : CARD2_CODES.threeDsFailed}
        WHERE transaction_id = ${transactionId} AND status = 'authenticating'
        RETURNING return_url`);
      if (rows[0]) return rows[0].return_url;
      return (await transaction(sql`transaction_id = ${transactionId}`))?.return_url ?? null;
    },

    /** For tests and support: the transaction as the processor keeps it. */
    async transactionOf(merchantId: string, orderId: string) {
      return transaction(sql`merchant_id = ${merchantId} AND order_id = ${orderId}`);
    },
  };
}

export type Card2Simulator = ReturnType<typeof createCard2Simulator>;
