import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SBPS_SIMULATOR_MERCHANT as SIMULATOR_MERCHANT } from '@kippu/contract/gateway-simulator';
import type { SimDb as Db } from '../db/sim-db.ts';
import { behaviourOf, maskCardNumber } from '../shared/test-cards.ts';
import {
  PARTIAL_REFUND_API_ID,
  PARTIAL_REFUND_FIELDS,
  REFUND_API_ID,
  SBPS_STATUS,
  type SbpsMerchant,
  encodeSbpsXml,
  readSbpsXml,
  PURCHASE_FIELDS,
  RESULT_FIELDS,
  SBPS_3DS_FAILURE_CODES,
  sbpsDate,
  signFields,
  STATUS_API_ID,
  STATUS_FIELDS,
  verifyFields,
  type SbpsFields,
  type SbpsResult,
} from './sbps-wire.ts';

/**
 * The gateway simulator playing SoftBank Payment Service's link type (ADR 027): it receives the signed
 * purchase request, shows its own card or wallet page (and a 3-D Secure challenge for credit3d), then
 * sends the signed result notification to the merchant's pagecon_url and the browser back to its
 * success, cancel or error URL. State in PostgreSQL (gateway_sim.sbps_transactions).
 */

type SimStatus = 'waiting' | 'challenge' | 'paid' | 'refused' | 'cancelled' | 'refunded';

export interface SbpsSimTransaction {
  trackingId: string;
  payMethod: string;
  amount: number;
  status: SimStatus;
  request: SbpsFields;
}

/** What the visitor did on the simulator's page. */
export type SbpsVisitorAction =
  | { kind: 'card'; cardNumber: string; expire: string }
  | { kind: 'wallet'; choice: 'approve' | 'decline' | 'cancel' };

/** The end of a purchase: where the browser goes, and the notification the gateway sends (if any). */
export interface SbpsFinished {
  result: SbpsResult;
  returnUrl: string;
  returnFields: SbpsFields;
  /** Null when no notification goes out: already sent for this purchase, or lost (the time-out card). */
  notification: { url: string; fields: SbpsFields } | null;
}

/** Card-company style refusal codes in `res_err_code`. */
const REFUSAL_CODES = {
  decline: 'G12',
  insufficient_funds: 'G54',
  expired_card: 'G83',
  unknown_card: 'G65',
  three_d_secure_failed: SBPS_3DS_FAILURE_CODES[0]!,
  wallet_declined: 'W54',
} as const;

const RESULT_OF: Record<'paid' | 'refused' | 'cancelled', SbpsResult> = {
  paid: 'OK',
  refused: 'NG',
  cancelled: 'CR',
};

type Row = {
  tracking_id: string;
  pay_method: string;
  amount: string | number;
  refunded_amount: string | number;
  status: SimStatus;
  request: SbpsFields;
  err_code: string | null;
  updated_at: string | Date;
};

const toTransaction = (row: Row): SbpsSimTransaction => ({
  trackingId: row.tracking_id,
  payMethod: row.pay_method,
  amount: Number(row.amount),
  status: row.status,
  request: row.request,
});

/**
 * A partial refund for more than the payment still holds: the simulator's code, in the gateway's shape
 * (the real gateway's code for it belongs here before it is connected, ADR 077).
 */
export const SBPS_AMOUNT_OVER_REMAINING = '30307999';

/** A refused purchase request, as the gateway's error page shows it. */
export class SbpsRequestRefused extends Error {
  constructor(readonly errCode: string) {
    super(`SBPS purchase request refused: ${errCode}`);
  }
}

export function createSbpsSimulator(db: Db, merchant: SbpsMerchant = SIMULATOR_MERCHANT) {
  /**
   * 部分返金要求 (ADR 077): `amount` of a paid payment, named by its tracking id, once no more than it still
   * holds; all of it given back makes it refunded. One conditional update, so two at once never overdraw.
   */
  async function partialRefund(fields: SbpsFields): Promise<SbpsFields> {
    if (
      fields.merchant_id !== merchant.merchantId ||
      fields.service_id !== merchant.serviceId ||
      !verifyFields(fields, PARTIAL_REFUND_FIELDS, merchant.hashKey)
    ) {
      return { res_result: 'NG', res_err_code: 'hashcode_mismatch' };
    }
    const amount = Number(fields.amount);
    if (!/^[1-9]\d{0,8}$/.test(fields.amount ?? ''))
      return { res_result: 'NG', res_err_code: 'invalid_amount' };
    const row = await byTrackingId(fields.tracking_id ?? '');
    if (!row) return { res_result: 'NG', res_err_code: 'not_found' };
    const { rows } = await db.execute(sql`
      UPDATE gateway_sim.sbps_transactions
      SET refunded_amount = refunded_amount + ${amount},
          status = CASE WHEN refunded_amount + ${amount} = amount THEN 'refunded' ELSE status END,
          updated_at = now()
      WHERE tracking_id = ${row.tracking_id} AND status = 'paid' AND amount - refunded_amount >= ${amount}
      RETURNING tracking_id`);
    if (rows.length === 1) return { res_result: 'OK', res_tracking_id: row.tracking_id };
    return {
      res_result: 'NG',
      res_err_code: row.status === 'paid' ? SBPS_AMOUNT_OVER_REMAINING : 'not_refundable',
    };
  }

  async function byTrackingId(trackingId: string): Promise<Row | undefined> {
    const { rows } = await db.execute<Row>(
      sql`SELECT * FROM gateway_sim.sbps_transactions WHERE tracking_id = ${trackingId}`,
    );
    return rows[0];
  }

  function resultFields(row: Row, result: SbpsResult): SbpsFields {
    const request = row.request;
    const echoed = Object.fromEntries(
      RESULT_FIELDS.filter((name) => request[name] !== undefined).map((name) => [name, request[name]!]),
    );
    return signFields(
      {
        ...echoed,
        res_pay_method: row.pay_method,
        res_result: result,
        res_tracking_id: row.tracking_id,
        res_payment_date: result === 'OK' ? sbpsDate(new Date(row.updated_at)) : '',
        res_err_code: row.err_code ?? '',
        res_date: sbpsDate(),
        limit_second: '600',
      },
      RESULT_FIELDS,
      merchant.hashKey,
    );
  }

  function finished(row: Row, notify: boolean): SbpsFinished {
    const status = row.status as 'paid' | 'refused' | 'cancelled';
    const result = RESULT_OF[status];
    const fields = resultFields(row, result);
    const returnUrl =
      result === 'OK'
        ? row.request.success_url!
        : result === 'CR'
          ? row.request.cancel_url!
          : row.request.error_url!;
    // A cancel sends no notification, as at the gateway: nothing was attempted.
    const notification = notify && result !== 'CR' ? { url: row.request.pagecon_url!, fields } : null;
    return { result, returnUrl, returnFields: fields, notification };
  }

  /** Moves a purchase still on the gateway's pages to its end, once; a second submit answers the same end. */
  async function finish(
    trackingId: string,
    status: 'paid' | 'refused' | 'cancelled',
    details: { errCode?: string; maskedCardNo?: string; behaviour: string; notificationLost?: boolean },
  ): Promise<SbpsFinished> {
    const { rows } = await db.execute<Row>(sql`
      UPDATE gateway_sim.sbps_transactions
      SET status = ${status}, err_code = ${details.errCode ?? null},
          masked_card_no = COALESCE(${details.maskedCardNo ?? null}, masked_card_no),
          behaviour = ${details.behaviour}, updated_at = now()
      WHERE tracking_id = ${trackingId} AND status IN ('waiting', 'challenge')
      RETURNING *`);
    if (rows[0]) return finished(rows[0], !details.notificationLost);
    const row = await byTrackingId(trackingId);
    if (!row || row.status === 'waiting' || row.status === 'challenge') {
      throw new SbpsRequestRefused('no_such_purchase');
    }
    return finished(row, false);
  }

  return {
    merchant,

    /** The browser's purchase request: verified, then the purchase is opened (once per order_id). */
    async receivePurchase(fields: SbpsFields): Promise<SbpsSimTransaction> {
      if (fields.merchant_id !== merchant.merchantId || fields.service_id !== merchant.serviceId) {
        throw new SbpsRequestRefused('unknown_merchant');
      }
      if (!verifyFields(fields, PURCHASE_FIELDS, merchant.hashKey)) {
        throw new SbpsRequestRefused('hashcode_mismatch');
      }
      if (!['credit', 'credit3d', 'alipay', 'paypay'].includes(fields.pay_method ?? '')) {
        throw new SbpsRequestRefused('pay_method');
      }
      const amount = Number(fields.amount);
      if (!Number.isSafeInteger(amount) || amount <= 0 || !fields.order_id) {
        throw new SbpsRequestRefused('amount_or_order_id');
      }
      const request = Object.fromEntries(PURCHASE_FIELDS.map((name) => [name, fields[name] ?? '']));
      const { rows } = await db.execute<Row>(sql`
        INSERT INTO gateway_sim.sbps_transactions
          (tracking_id, merchant_id, service_id, order_id, pay_method, amount, request)
        VALUES (${randomBytes(7).toString('hex')}, ${merchant.merchantId}, ${merchant.serviceId},
                ${fields.order_id}, ${fields.pay_method}, ${amount}, ${JSON.stringify(request)}::jsonb)
        ON CONFLICT (merchant_id, service_id, order_id) DO NOTHING
        RETURNING *`);
      if (rows[0]) return toTransaction(rows[0]);
      // The same order_id again (the browser posted twice): the same purchase while it is open, else refused.
      const { rows: existing } = await db.execute<Row>(sql`
        SELECT * FROM gateway_sim.sbps_transactions
        WHERE merchant_id = ${merchant.merchantId} AND service_id = ${merchant.serviceId}
          AND order_id = ${fields.order_id}`);
      const open = existing[0];
      if (!open || (open.status !== 'waiting' && open.status !== 'challenge')) {
        throw new SbpsRequestRefused('order_id_used');
      }
      return toTransaction(open);
    },

    async transaction(trackingId: string): Promise<SbpsSimTransaction | undefined> {
      const row = await byTrackingId(trackingId);
      return row && toTransaction(row);
    },

    /** The visitor submitted the card or wallet page: the end, or a 3-D Secure challenge first. */
    async pay(trackingId: string, action: SbpsVisitorAction): Promise<SbpsFinished | 'challenge'> {
      const row = await byTrackingId(trackingId);
      if (!row) throw new SbpsRequestRefused('no_such_purchase');
      if (action.kind === 'wallet') {
        if (action.choice === 'approve') return finish(trackingId, 'paid', { behaviour: 'wallet_approve' });
        if (action.choice === 'cancel')
          return finish(trackingId, 'cancelled', { behaviour: 'wallet_cancel' });
        return finish(trackingId, 'refused', {
          behaviour: 'wallet_decline',
          errCode: REFUSAL_CODES.wallet_declined,
        });
      }
      const behaviour = behaviourOf(action.cardNumber, action.expire);
      const maskedCardNo = maskCardNumber(action.cardNumber);
      if (behaviour === 'challenge' && row.pay_method === 'credit3d') {
        const { rows } = await db.execute(sql`
          UPDATE gateway_sim.sbps_transactions
          SET status = 'challenge', masked_card_no = ${maskedCardNo}, behaviour = 'challenge', updated_at = now()
          WHERE tracking_id = ${trackingId} AND status = 'waiting' RETURNING tracking_id`);
        if (rows.length === 1 || row.status === 'challenge') return 'challenge';
        return finish(trackingId, 'paid', { behaviour });
      }
      if (behaviour === 'success' || behaviour === 'challenge' || behaviour === 'timeout') {
        return finish(trackingId, 'paid', {
          behaviour,
          maskedCardNo,
          notificationLost: behaviour === 'timeout',
        });
      }
      return finish(trackingId, 'refused', { behaviour, maskedCardNo, errCode: REFUSAL_CODES[behaviour] });
    },

    /** The 3-D Secure challenge's answer (the issuer's page: passed or failed). */
    async answerChallenge(trackingId: string, passed: boolean): Promise<SbpsFinished> {
      return passed
        ? finish(trackingId, 'paid', { behaviour: 'challenge_passed' })
        : finish(trackingId, 'refused', {
            behaviour: 'challenge_failed',
            errCode: REFUSAL_CODES.three_d_secure_failed,
          });
    },

    /** The visitor left the gateway's page with its cancel link. */
    async cancel(trackingId: string): Promise<SbpsFinished> {
      return finish(trackingId, 'cancelled', { behaviour: 'cancel' });
    },

    /** The XML API: status query and refund, signed like every message. */
    async api(xml: string): Promise<string> {
      const { id, fields } = readSbpsXml(xml) ?? { id: '', fields: {} };
      const answer = (response: SbpsFields) => encodeSbpsXml('sps-api-response', id, response);
      if (id === PARTIAL_REFUND_API_ID) return answer(await partialRefund(fields));
      if (
        fields.merchant_id !== merchant.merchantId ||
        fields.service_id !== merchant.serviceId ||
        !verifyFields(fields, STATUS_FIELDS, merchant.hashKey)
      ) {
        return answer({ res_result: 'NG', res_err_code: 'hashcode_mismatch' });
      }
      const { rows } = await db.execute<Row>(sql`
        SELECT * FROM gateway_sim.sbps_transactions
        WHERE merchant_id = ${merchant.merchantId} AND service_id = ${merchant.serviceId}
          AND order_id = ${fields.order_id ?? ''}`);
      const row = rows[0];
      if (!row) return answer({ res_result: 'NG', res_err_code: 'not_found' });
      if (id === STATUS_API_ID) {
        const status =
          row.status === 'challenge'
            ? SBPS_STATUS.waiting
            : SBPS_STATUS[row.status as keyof typeof SBPS_STATUS];
        return answer({
          res_result: 'OK',
          res_status: status,
          res_tracking_id: row.tracking_id,
          // What the payment still holds (ADR 077; the simulator's flat field, see there).
          res_amount: String(Number(row.amount) - Number(row.refunded_amount)),
          res_err_code: row.err_code ?? '',
        });
      }
      if (id === REFUND_API_ID) {
        const { rows: refunded } = await db.execute(sql`
          UPDATE gateway_sim.sbps_transactions
          SET status = 'refunded', refunded_amount = amount, updated_at = now()
          WHERE tracking_id = ${row.tracking_id} AND status = 'paid' RETURNING tracking_id`);
        return refunded.length === 1 || row.status === 'refunded'
          ? answer({ res_result: 'OK', res_tracking_id: row.tracking_id })
          : answer({ res_result: 'NG', res_err_code: 'not_refundable' });
      }
      return answer({ res_result: 'NG', res_err_code: 'unknown_api' });
    },
  };
}

export type SbpsSimulator = ReturnType<typeof createSbpsSimulator>;
