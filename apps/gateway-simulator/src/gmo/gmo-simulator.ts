import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { GMO_SIMULATOR_PATHS } from '@kippu/contract/gateway-simulator';
import type { Row } from '../db/generated/rows.ts';
import type { SimDb as Db } from '../db/sim-db.ts';
import { DECLINE_CODES, behaviourOf, maskCardNumber, type CardBehaviour } from '../shared/test-cards.ts';
import { gmoErrorAnswer, type GmoApi, type GmoParams, type GmoTransport } from './gmo-wire.ts';

/**
 * The built-in GMO-PG simulator (ADR 017): the card-token API the token script calls, and the server calls
 * EntryTran, ExecTran, AlterTran and SearchTrade with the real gateway's parameters, answers and error
 * codes. Its state lives in PostgreSQL (the gateway_sim schema), so several server processes share it.
 */

/** Test shops: the real gateway's test shop ids start with `tshop` too. */
const TEST_SHOP = /^tshop[A-Za-z0-9_-]{1,40}$/;
/** A card token lives this long and is used once (as at the real gateway). */
export const CARD_TOKEN_MINUTES = 30;
const FORWARD = '2a99662';

export interface CardTokenRequest {
  shopId?: unknown;
  cardno?: unknown;
  expire?: unknown;
  securitycode?: unknown;
  holdername?: unknown;
  tokennumber?: unknown;
}

export type CardTokenResult =
  | {
      resultCode: '000';
      tokenObject: {
        token: string[];
        toBeExpiredAt: string;
        maskedCardNo: string;
        isSecurityCodeSet: boolean;
      };
    }
  | { resultCode: string };

/** The gateway took the charge, but its answer is lost on the way back (test card `timeout`). */
export class SimulatedGatewayTimeout extends Error {
  constructor() {
    super('the simulated gateway did not answer');
    this.name = 'SimulatedGatewayTimeout';
  }
}

const optionalText = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

/** The token API's checks, in the gateway's order, with its result codes; null when the card is well-formed. */
export function cardTokenProblem(request: CardTokenRequest): string | null {
  const shopId = optionalText(request.shopId);
  if (!shopId || !TEST_SHOP.test(shopId)) return '180';
  const cardno = optionalText(request.cardno);
  if (!cardno) return '100';
  if (!/^\d+$/.test(cardno)) return '101';
  if (cardno.length < 10 || cardno.length > 16) return '102';
  const expire = optionalText(request.expire);
  if (!expire) return '110';
  if (!/^\d+$/.test(expire)) return '111';
  if (expire.length !== 4) return '112';
  const month = Number(expire.slice(2));
  if (month < 1 || month > 12) return '113';
  const securityCode = optionalText(request.securitycode);
  if (securityCode !== undefined) {
    if (!/^\d+$/.test(securityCode)) return '121';
    if (securityCode.length < 3 || securityCode.length > 4) return '122';
  }
  const holderName = optionalText(request.holdername);
  if (holderName !== undefined) {
    if (!/^[A-Za-z0-9 ,./-]+$/.test(holderName)) return '131';
    if (holderName.length > 50) return '132';
  }
  const tokenNumber = optionalText(request.tokennumber);
  if (tokenNumber !== undefined) {
    if (!/^\d+$/.test(tokenNumber)) return '141';
    if (Number(tokenNumber) < 1 || Number(tokenNumber) > 10) return '142';
  }
  return null;
}

/** 'yyyy-mm-dd-hh-mm' in Japan time, as the gateway writes toBeExpiredAt. */
function tokenExpiryText(at: Date): string {
  const tokyo = new Date(at.getTime() + 9 * 3600 * 1000).toISOString();
  return `${tokyo.slice(0, 10)}-${tokyo.slice(11, 13)}-${tokyo.slice(14, 16)}`;
}

/** 'yyyyMMddHHmmss' in Japan time (TranDate, ProcessDate). */
function gatewayTime(at: Date = new Date()): string {
  return new Date(at.getTime() + 9 * 3600 * 1000).toISOString().replace(/\D/g, '').slice(0, 14);
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** Shapes of the ids the simulator hands out; anything else names no transaction or token (and never reaches SQL). */
const ACCESS_KEY = /^[0-9a-f]{32}$/;
const ORDER_ID = /^[A-Za-z0-9-]{1,27}$/;
const CARD_TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

/** A simulated trade as `SELECT *` reads it (its timestamps as text: drizzle's execute, rows.ts). */
type SimTransaction = Row<'gmo_transactions'>;

export type WalletType = Exclude<SimTransaction['pay_type'], 'card'>;

/** GMO's PayType of each wallet in SearchTradeMulti and notifications. */
export const WALLET_PAY_TYPE: Record<WalletType, string> = { paypay: '45', alipay: '14' };

/** The error of SecureTran2 when the card holder failed the 3-D Secure challenge. */
export const TDS_AUTH_FAILED = 'E92000001';
/** SecureTran2 before the challenge was answered. */
const TDS_NOT_AUTHENTICATED = 'E01240002';
/** A wallet payment refused (insufficient balance) on the cashier page. */
export const WALLET_DECLINED = 'P01000001';

/**
 * A change or cancel for more than the trade still holds (ChangeTran above the amount, a wallet's
 * CancelAmount above what remains): the simulator's code, in GMO's shape (E01 parameter, 060 Amount).
 */
export const AMOUNT_ABOVE_TRADE = 'E01060021';

/** What the card holder did on a simulated 3-D Secure challenge or wallet cashier page. */
export type ChallengeAnswer = 'pass' | 'fail';
export type CashierAnswer = 'approve' | 'decline' | 'cancel';

/** A wallet trade as the cashier page shows it. */
export interface CashierView {
  wallet: WalletType;
  amount: number;
  status: string;
}

/** A challenge as its page shows it. */
export interface ChallengeView {
  amount: number;
  maskedCardNo: string;
  answered: boolean;
}

export interface GmoSimulator {
  issueCardToken(request: CardTokenRequest): Promise<CardTokenResult>;
  /** One server call; throws SimulatedGatewayTimeout when the test card says the answer gets lost. */
  call(api: GmoApi, params: GmoParams): Promise<GmoParams>;
  /** The 3-D Secure challenge page's trade, or undefined for an unknown AccessID. */
  challenge(accessId: string): Promise<ChallengeView | undefined>;
  /**
   * The card holder's answer on the challenge page (the first one counts). Answers where the browser is sent
   * back (ExecTran's RetUrl), or undefined for an unknown or finished trade.
   */
  answerChallenge(accessId: string, answer: ChallengeAnswer): Promise<string | undefined>;
  /** The cashier page's trade, when AccessID and the start token match. */
  cashier(accessId: string, token: string): Promise<CashierView | undefined>;
  /**
   * The visitor's choice on the cashier page (the first one counts). Answers the result the gateway posts
   * to RetURL (and notifies), or undefined for an unknown trade or token.
   */
  answerCashier(
    accessId: string,
    token: string,
    answer: CashierAnswer,
  ): Promise<{ retUrl: string; result: GmoParams } | undefined>;
}

/**
 * A test hook (NODE_ENV=test only; ADR 047): the cashier stops for good at `stopAt` ('before:<api>' or
 * 'after:<api>', after the call's effect is recorded), once `onStop` has said so, so a test can kill -9
 * the server exactly between two gateway calls.
 */
export interface GmoSimulatorHooks {
  stopAt?: string;
  onStop?: (point: string) => void;
}

export function createGmoSimulator(db: Db, hooks: GmoSimulatorHooks = {}): GmoSimulator {
  const stopIfAt = async (point: string) => {
    if (hooks.stopAt !== point) return;
    hooks.onStop?.(point);
    await new Promise<never>(() => undefined);
  };

  const shopOf = (params: GmoParams): GmoParams | null => {
    if (!params.ShopID) return gmoErrorAnswer('E01010001');
    if (!params.ShopPass) return gmoErrorAnswer('E01020001');
    if (!TEST_SHOP.test(params.ShopID)) return gmoErrorAnswer('E01030002');
    return null;
  };

  const findTransaction = async (accessId: string, accessPass: string) => {
    if (!ACCESS_KEY.test(accessId) || !ACCESS_KEY.test(accessPass)) return undefined;
    const { rows } = await db.execute<SimTransaction>(
      sql`SELECT * FROM gateway_sim.gmo_transactions WHERE access_id = ${accessId} AND access_pass = ${accessPass}`,
    );
    return rows[0];
  };

  async function entryTran(params: GmoParams): Promise<GmoParams> {
    const shopProblem = shopOf(params);
    if (shopProblem) return shopProblem;
    const orderId = params.OrderID;
    if (!orderId) return gmoErrorAnswer('E01040001');
    if (!ORDER_ID.test(orderId)) return gmoErrorAnswer('E01040013');
    const jobCd = params.JobCd;
    if (!jobCd) return gmoErrorAnswer('E01050001');
    if (jobCd !== 'CAPTURE' && jobCd !== 'AUTH') return gmoErrorAnswer('E01050002');
    if (!params.Amount) return gmoErrorAnswer('E01060001');
    if (!/^\d{1,7}$/.test(params.Amount)) return gmoErrorAnswer('E01060005');
    if (Number(params.Amount) < 1) return gmoErrorAnswer('E01060010');
    const tdFlag = params.TdFlag ?? '0';
    if (tdFlag !== '0' && tdFlag !== '2') return gmoErrorAnswer('E01070008');
    const accessId = hex(16);
    const accessPass = hex(16);
    const { rows } = await db.execute(sql`
      INSERT INTO gateway_sim.gmo_transactions
        (access_id, access_pass, shop_id, order_id, job_cd, amount, tds_required, status)
      VALUES (${accessId}, ${accessPass}, ${params.ShopID}, ${orderId}, ${jobCd}, ${Number(params.Amount)},
              ${tdFlag === '2'}, 'UNPROCESSED')
      ON CONFLICT (shop_id, order_id) DO NOTHING
      RETURNING access_id`);
    if (rows.length === 0) return gmoErrorAnswer('E01040010');
    return { AccessID: accessId, AccessPass: accessPass };
  }

  async function execTran(params: GmoParams): Promise<GmoParams> {
    if (!params.AccessID) return gmoErrorAnswer('E01090001');
    if (!params.AccessPass) return gmoErrorAnswer('E01100001');
    const trade = await findTransaction(params.AccessID, params.AccessPass);
    if (!trade) return gmoErrorAnswer('E01110002');
    if (params.OrderID !== trade.order_id) return gmoErrorAnswer('E01040003');
    if (trade.status !== 'UNPROCESSED') return gmoErrorAnswer('E11010001');
    if (trade.pay_type !== 'card') return gmoErrorAnswer('E01110002');
    if (!params.Token) return gmoErrorAnswer('E61010001');
    if (!CARD_TOKEN.test(params.Token)) return gmoErrorAnswer('E61010002');
    // The token is spent by this call whatever its outcome, exactly once (a conditional update).
    const { rows } = await db.execute<{
      behaviour: CardBehaviour;
      masked_card_no: string;
      expired: boolean;
    }>(sql`
      UPDATE gateway_sim.gmo_card_tokens SET used_at = now()
      WHERE token = ${params.Token} AND shop_id = ${trade.shop_id} AND used_at IS NULL
      RETURNING behaviour, masked_card_no, expires_at <= now() AS expired`);
    const card = rows[0];
    if (!card) return gmoErrorAnswer('E61010002');
    if (card.expired) return gmoErrorAnswer('E61010003');

    if (card.behaviour === 'challenge' && trade.tds_required) {
      await db.execute(sql`
        UPDATE gateway_sim.gmo_transactions
        SET behaviour = ${card.behaviour}, masked_card_no = ${card.masked_card_no},
            ret_url = ${params.RetUrl ?? null}, updated_at = now()
        WHERE access_id = ${trade.access_id}`);
      return { ACS: '2', RedirectUrl: `${GMO_SIMULATOR_PATHS.challenge}/${trade.access_id}` };
    }
    if (card.behaviour in DECLINE_CODES) {
      const code = DECLINE_CODES[card.behaviour as keyof typeof DECLINE_CODES];
      await db.execute(sql`
        UPDATE gateway_sim.gmo_transactions
        SET behaviour = ${card.behaviour}, masked_card_no = ${card.masked_card_no}, err_info = ${code},
            updated_at = now()
        WHERE access_id = ${trade.access_id}`);
      return gmoErrorAnswer(code);
    }
    const tranId = `${gatewayTime().slice(2, 8)}${randomInt(10 ** 9, 10 ** 10)}${randomInt(10 ** 9, 10 ** 10)}`;
    const approve = String(randomInt(10 ** 6, 10 ** 7));
    await db.execute(sql`
      UPDATE gateway_sim.gmo_transactions
      SET status = job_cd, behaviour = ${card.behaviour}, masked_card_no = ${card.masked_card_no},
          tran_id = ${tranId}, approve = ${approve}, forward = ${FORWARD}, updated_at = now()
      WHERE access_id = ${trade.access_id}`);
    if (card.behaviour === 'timeout') throw new SimulatedGatewayTimeout();
    return {
      ACS: '0',
      OrderID: trade.order_id,
      Forward: FORWARD,
      Method: params.Method ?? '1',
      PayTimes: '',
      Approve: approve,
      TranID: tranId,
      TranDate: gatewayTime(),
      CheckString: hex(16),
    };
  }

  async function alterTran(params: GmoParams): Promise<GmoParams> {
    const shopProblem = shopOf(params);
    if (shopProblem) return shopProblem;
    if (!params.AccessID) return gmoErrorAnswer('E01090001');
    if (!params.AccessPass) return gmoErrorAnswer('E01100001');
    const jobCd = params.JobCd;
    if (jobCd !== 'VOID' && jobCd !== 'RETURN' && jobCd !== 'RETURNX') return gmoErrorAnswer('E01050002');
    if (!ACCESS_KEY.test(params.AccessID) || !ACCESS_KEY.test(params.AccessPass)) {
      return gmoErrorAnswer('E01110002');
    }
    const { rows } = await db.execute<SimTransaction>(sql`
      UPDATE gateway_sim.gmo_transactions SET status = ${jobCd}, updated_at = now()
      WHERE access_id = ${params.AccessID} AND access_pass = ${params.AccessPass} AND shop_id = ${params.ShopID}
        AND status IN ('CAPTURE', 'AUTH', 'SALES')
      RETURNING *`);
    const trade = rows[0];
    if (!trade) {
      const exists = await findTransaction(params.AccessID, params.AccessPass);
      return gmoErrorAnswer(exists ? 'E11010002' : 'E01110002');
    }
    return {
      AccessID: trade.access_id,
      AccessPass: trade.access_pass,
      Forward: trade.forward ?? FORWARD,
      Approve: trade.approve ?? '',
      TranID: trade.tran_id ?? '',
      TranDate: gatewayTime(),
    };
  }

  /**
   * ChangeTran (ADR 077): a taken card trade's amount becomes the new, lower Amount (GMO's way to give part
   * of a sale back), with a new transaction id. A higher amount is refused (the simulator never
   * re-authorises), as is anything on a trade no longer taken.
   */
  async function changeTran(params: GmoParams): Promise<GmoParams> {
    const shopProblem = shopOf(params);
    if (shopProblem) return shopProblem;
    if (!params.AccessID) return gmoErrorAnswer('E01090001');
    if (!params.AccessPass) return gmoErrorAnswer('E01100001');
    const jobCd = params.JobCd;
    if (!jobCd) return gmoErrorAnswer('E01050001');
    if (jobCd !== 'CAPTURE' && jobCd !== 'AUTH') return gmoErrorAnswer('E01050002');
    if (!params.Amount) return gmoErrorAnswer('E01060001');
    if (!/^\d{1,7}$/.test(params.Amount)) return gmoErrorAnswer('E01060005');
    if (Number(params.Amount) < 1) return gmoErrorAnswer('E01060010');
    const trade = await findTransaction(params.AccessID, params.AccessPass);
    if (!trade || trade.shop_id !== params.ShopID || trade.pay_type !== 'card')
      return gmoErrorAnswer('E01110002');
    const tranId = `${gatewayTime().slice(2, 8)}${randomInt(10 ** 9, 10 ** 10)}${randomInt(10 ** 9, 10 ** 10)}`;
    // One conditional update: two changes at once never both apply to the amount they read.
    const { rows } = await db.execute<SimTransaction>(sql`
      UPDATE gateway_sim.gmo_transactions SET amount = ${Number(params.Amount)}, tran_id = ${tranId}, updated_at = now()
      WHERE access_id = ${trade.access_id} AND status IN ('CAPTURE', 'AUTH', 'SALES')
        AND amount >= ${Number(params.Amount)}
      RETURNING *`);
    const changed = rows[0];
    if (!changed) {
      const taken = ['CAPTURE', 'AUTH', 'SALES'].includes(trade.status);
      return gmoErrorAnswer(taken ? AMOUNT_ABOVE_TRADE : 'E11010002');
    }
    return {
      AccessID: changed.access_id,
      AccessPass: changed.access_pass,
      Forward: changed.forward ?? FORWARD,
      Approve: changed.approve ?? '',
      TranID: tranId,
      TranDate: gatewayTime(),
    };
  }

  async function searchTrade(params: GmoParams): Promise<GmoParams> {
    const shopProblem = shopOf(params);
    if (shopProblem) return shopProblem;
    if (!params.OrderID) return gmoErrorAnswer('E01040001');
    if (!ORDER_ID.test(params.OrderID)) return gmoErrorAnswer('E01040013');
    const { rows } = await db.execute<SimTransaction>(sql`
      SELECT * FROM gateway_sim.gmo_transactions WHERE shop_id = ${params.ShopID} AND order_id = ${params.OrderID}`);
    const trade = rows[0];
    if (!trade) return gmoErrorAnswer('E01110002');
    return {
      OrderID: trade.order_id,
      Status: trade.status,
      ProcessDate: gatewayTime(new Date(trade.updated_at)),
      JobCd: trade.job_cd,
      AccessID: trade.access_id,
      AccessPass: trade.access_pass,
      Amount: String(trade.amount),
      Tax: '0',
      CardNo: trade.masked_card_no ?? '',
      Method: '1',
      Forward: trade.forward ?? '',
      TranID: trade.tran_id ?? '',
      Approve: trade.approve ?? '',
    };
  }

  /** Takes the money of a trade: once (conditional on its status), with new transaction ids. */
  async function capture(trade: SimTransaction): Promise<SimTransaction | undefined> {
    const tranId = `${gatewayTime().slice(2, 8)}${randomInt(10 ** 9, 10 ** 10)}${randomInt(10 ** 9, 10 ** 10)}`;
    const { rows } = await db.execute<SimTransaction>(sql`
      UPDATE gateway_sim.gmo_transactions
      SET status = job_cd, tran_id = ${tranId}, approve = ${String(randomInt(10 ** 6, 10 ** 7))},
          forward = ${FORWARD}, updated_at = now()
      WHERE access_id = ${trade.access_id} AND status = 'UNPROCESSED'
      RETURNING *`);
    return rows[0];
  }

  /** 3-D Secure 2 completion after the challenge: the charge happens here, once. */
  async function secureTran2(params: GmoParams): Promise<GmoParams> {
    if (!params.AccessID) return gmoErrorAnswer('E01090001');
    if (!params.AccessPass) return gmoErrorAnswer('E01100001');
    const trade = await findTransaction(params.AccessID, params.AccessPass);
    if (!trade || trade.pay_type !== 'card') return gmoErrorAnswer('E01110002');
    if (trade.status !== 'UNPROCESSED') return gmoErrorAnswer('E11010001');
    if (trade.tds_result === null) return gmoErrorAnswer(TDS_NOT_AUTHENTICATED);
    if (trade.tds_result === 'failed') {
      await db.execute(sql`
        UPDATE gateway_sim.gmo_transactions SET err_info = ${TDS_AUTH_FAILED}, updated_at = now()
        WHERE access_id = ${trade.access_id}`);
      return gmoErrorAnswer(TDS_AUTH_FAILED);
    }
    const taken = await capture(trade);
    if (!taken) return gmoErrorAnswer('E11010001');
    return {
      OrderID: taken.order_id,
      Forward: taken.forward ?? FORWARD,
      Method: '1',
      PayTimes: '',
      Approve: taken.approve ?? '',
      TranID: taken.tran_id ?? '',
      TranDate: gatewayTime(),
      CheckString: hex(16),
    };
  }

  const entryTranWallet = (wallet: WalletType) => async (params: GmoParams) => {
    const answer = await entryTran({ ...params, TdFlag: '0' });
    if (answer.AccessID) {
      await db.execute(sql`
        UPDATE gateway_sim.gmo_transactions SET pay_type = ${wallet} WHERE access_id = ${answer.AccessID}`);
    }
    return answer;
  };

  /** A wallet's execution: the trade waits for the visitor at the cashier (StartURL, with a one-time Token). */
  const execTranWallet = (wallet: WalletType) => async (params: GmoParams) => {
    if (!params.AccessID) return gmoErrorAnswer('E01090001');
    if (!params.AccessPass) return gmoErrorAnswer('E01100001');
    const trade = await findTransaction(params.AccessID, params.AccessPass);
    if (!trade || trade.pay_type !== wallet) return gmoErrorAnswer('E01110002');
    if (params.OrderID !== trade.order_id) return gmoErrorAnswer('E01040003');
    if (!params.RetURL) return gmoErrorAnswer('E01490001');
    const token = hex(16);
    const { rows } = await db.execute(sql`
      UPDATE gateway_sim.gmo_transactions SET start_token = ${token}, ret_url = ${params.RetURL}, updated_at = now()
      WHERE access_id = ${trade.access_id} AND status = 'UNPROCESSED' AND start_token IS NULL
      RETURNING access_id`);
    if (rows.length === 0) return gmoErrorAnswer('E11010001');
    const limit = gatewayTime(new Date(Date.now() + 30 * 60 * 1000));
    return {
      AccessID: trade.access_id,
      Token: token,
      StartURL: GMO_SIMULATOR_PATHS.cashier,
      StartLimitDate: limit,
    };
  };

  const cancelReturnWallet = (wallet: WalletType) => async (params: GmoParams) => {
    const shopProblem = shopOf(params);
    if (shopProblem) return shopProblem;
    if (!params.AccessID) return gmoErrorAnswer('E01090001');
    if (!params.AccessPass) return gmoErrorAnswer('E01100001');
    if (!ACCESS_KEY.test(params.AccessID) || !ACCESS_KEY.test(params.AccessPass)) {
      return gmoErrorAnswer('E01110002');
    }
    // CancelAmount (ADR 077): what goes back, all that remains or a part; absent, all of it. The trade
    // keeps what remains as its amount and is CANCEL once nothing does.
    const cancelAmount = params.CancelAmount;
    if (cancelAmount !== undefined && !/^\d{1,7}$/.test(cancelAmount)) return gmoErrorAnswer('E01060005');
    if (cancelAmount !== undefined && Number(cancelAmount) < 1) return gmoErrorAnswer('E01060010');
    const { rows } = await db.execute<SimTransaction>(sql`
      UPDATE gateway_sim.gmo_transactions
      SET amount = amount - coalesce(${cancelAmount ?? null}::bigint, amount),
          status = CASE WHEN coalesce(${cancelAmount ?? null}::bigint, amount) = amount THEN 'CANCEL' ELSE status END,
          updated_at = now()
      WHERE access_id = ${params.AccessID} AND access_pass = ${params.AccessPass} AND shop_id = ${params.ShopID}
        AND pay_type = ${wallet} AND status IN ('CAPTURE', 'SALES')
        AND amount >= coalesce(${cancelAmount ?? null}::bigint, amount)
      RETURNING *`);
    if (!rows[0]) {
      const trade = await findTransaction(params.AccessID, params.AccessPass);
      const taken = trade?.pay_type === wallet && ['CAPTURE', 'SALES'].includes(trade.status);
      return gmoErrorAnswer(taken ? AMOUNT_ABOVE_TRADE : 'E11010002');
    }
    return { OrderID: rows[0].order_id, Status: rows[0].status, Amount: String(rows[0].amount) };
  };

  async function searchTradeMulti(params: GmoParams): Promise<GmoParams> {
    const answer = await searchTrade(params);
    if (answer.ErrCode) return answer;
    const { rows } = await db.execute<SimTransaction>(sql`
      SELECT * FROM gateway_sim.gmo_transactions WHERE shop_id = ${params.ShopID} AND order_id = ${params.OrderID}`);
    const trade = rows[0]!;
    if (trade.pay_type === 'card' || params.PayType !== WALLET_PAY_TYPE[trade.pay_type]) {
      return gmoErrorAnswer('E01110002');
    }
    // Before the cashier: REQSUCCESS; waiting at it: AUTHPROCESS; then CAPTURE, PAYFAIL or CANCEL.
    const status =
      trade.status === 'UNPROCESSED' ? (trade.start_token ? 'AUTHPROCESS' : 'REQSUCCESS') : trade.status;
    return { ...answer, Status: status, PayType: params.PayType };
  }

  const apis: Record<GmoApi, (params: GmoParams) => Promise<GmoParams>> = {
    EntryTran: entryTran,
    ExecTran: execTran,
    AlterTran: alterTran,
    ChangeTran: changeTran,
    SearchTrade: searchTrade,
    SecureTran2: secureTran2,
    EntryTranPaypay: entryTranWallet('paypay'),
    ExecTranPaypay: execTranWallet('paypay'),
    PaypayCancelReturn: cancelReturnWallet('paypay'),
    EntryTranAlipay: entryTranWallet('alipay'),
    ExecTranAlipay: execTranWallet('alipay'),
    AlipayCancelReturn: cancelReturnWallet('alipay'),
    SearchTradeMulti: searchTradeMulti,
  };

  const byAccessId = async (accessId: string) => {
    if (!ACCESS_KEY.test(accessId)) return undefined;
    const { rows } = await db.execute<SimTransaction>(
      sql`SELECT * FROM gateway_sim.gmo_transactions WHERE access_id = ${accessId}`,
    );
    return rows[0];
  };
  const withToken = async (accessId: string, token: string) => {
    const trade = await byAccessId(accessId);
    return trade && trade.pay_type !== 'card' && trade.start_token !== null && trade.start_token === token
      ? trade
      : undefined;
  };

  return {
    async issueCardToken(request) {
      const problem = cardTokenProblem(request);
      if (problem) return { resultCode: problem };
      const cardno = String(request.cardno);
      const expire = String(request.expire);
      const count = Number(optionalText(request.tokennumber) ?? 1);
      const expiresAt = new Date(Date.now() + CARD_TOKEN_MINUTES * 60 * 1000);
      const masked = maskCardNumber(cardno);
      const behaviour = behaviourOf(cardno, expire);
      const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
      // Spent and expired tokens are of no use to anyone: each issue clears a few old ones.
      await db.execute(sql`
        DELETE FROM gateway_sim.gmo_card_tokens WHERE token IN (
          SELECT token FROM gateway_sim.gmo_card_tokens WHERE expires_at < now() - interval '1 day' LIMIT 100)`);
      await db.execute(sql`
        INSERT INTO gateway_sim.gmo_card_tokens (token, shop_id, behaviour, masked_card_no, expire, expires_at)
        SELECT token, ${String(request.shopId)}, ${behaviour}, ${masked}, ${expire}, ${expiresAt}
        FROM unnest(${sql.param(tokens)}::text[]) AS token`);
      return {
        resultCode: '000',
        tokenObject: {
          token: tokens,
          toBeExpiredAt: tokenExpiryText(expiresAt),
          maskedCardNo: masked,
          isSecurityCodeSet: optionalText(request.securitycode) !== undefined,
        },
      };
    },
    async call(api, params) {
      await stopIfAt(`before:${api}`);
      const answer = await apis[api](params);
      await stopIfAt(`after:${api}`);
      return answer;
    },

    async challenge(accessId) {
      const trade = await byAccessId(accessId);
      if (!trade || trade.pay_type !== 'card' || !trade.ret_url) return undefined;
      return {
        amount: Number(trade.amount),
        maskedCardNo: trade.masked_card_no ?? '',
        answered: trade.tds_result !== null,
      };
    },

    async answerChallenge(accessId, answer) {
      if (!ACCESS_KEY.test(accessId)) return undefined;
      // The first answer counts; a second press (back button) only returns the browser again.
      await db.execute(sql`
        UPDATE gateway_sim.gmo_transactions
        SET tds_result = ${answer === 'pass' ? 'passed' : 'failed'}, updated_at = now()
        WHERE access_id = ${accessId} AND pay_type = 'card' AND tds_result IS NULL AND ret_url IS NOT NULL`);
      const trade = await byAccessId(accessId);
      return trade?.ret_url ?? undefined;
    },

    async cashier(accessId, token) {
      const trade = await withToken(accessId, token);
      if (!trade || trade.pay_type === 'card') return undefined;
      return { wallet: trade.pay_type, amount: Number(trade.amount), status: trade.status };
    },

    async answerCashier(accessId, token, answer) {
      const trade = await withToken(accessId, token);
      if (!trade || trade.pay_type === 'card' || !trade.ret_url) return undefined;
      if (answer === 'approve') {
        await capture(trade);
      } else {
        await db.execute(sql`
          UPDATE gateway_sim.gmo_transactions
          SET status = ${answer === 'decline' ? 'PAYFAIL' : 'CANCEL'},
              err_info = ${answer === 'decline' ? WALLET_DECLINED : null}, updated_at = now()
          WHERE access_id = ${trade.access_id} AND status = 'UNPROCESSED'`);
      }
      const now = (await byAccessId(accessId))!;
      return {
        retUrl: trade.ret_url,
        result: {
          ShopID: now.shop_id,
          OrderID: now.order_id,
          Status: now.status,
          AccessID: now.access_id,
          PayType: WALLET_PAY_TYPE[trade.pay_type],
          Amount: String(now.amount),
          ...(now.err_info ? gmoErrorAnswer(now.err_info) : {}),
        },
      };
    },
  };
}

/**
 * The simulator as an in-process GMO transport: the same calls and answers, without a network hop. A
 * simulated time-out becomes `unavailable`'s error: the host's "no answer from the gateway" (the server
 * passes its GatewayUnavailableError, which the simulator does not import; a test may keep the default).
 */
export function simulatorGmoTransport(
  simulator: GmoSimulator,
  unavailable: (message: string, cause: unknown) => Error = (message, cause) => new Error(message, { cause }),
): GmoTransport {
  return async (api, params) => {
    try {
      return await simulator.call(api, params);
    } catch (error) {
      if (error instanceof SimulatedGatewayTimeout)
        throw unavailable(`GMO ${api}: no answer (simulated)`, error);
      throw error;
    }
  };
}
