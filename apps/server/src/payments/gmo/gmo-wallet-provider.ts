import type { SiteCode } from '@kippu/contract';
import {
  GatewayUnavailableError,
  PAYMENT_CANCELED,
  providerEvent,
  type GatewayStatus,
  type PaymentAttempt,
  type PaymentProvider,
  type ProviderEvent,
  type StartOutcome,
  SHOP_NOT_CONFIGURED,
} from '../../domain/payments/payment-provider.ts';
import type { GmoShop } from './gmo-card-provider.ts';
import type { Db } from '../../db/client.ts';
import { refundOnce } from '../refund-once.ts';
import { gmoError, type GmoApi, type GmoParams, type GmoTransport } from './gmo-protocol.ts';

export type GmoWallet = 'paypay' | 'alipay';

export interface GmoWalletOptions {
  wallet: GmoWallet;
  transport: GmoTransport;
  /** Where each refund key's call is kept (gateway_refund_calls): GMO takes no key of ours. */
  refundCalls: Db;
  shopOf: (site: SiteCode) => Promise<GmoShop | null>;
  /** Where the gateway returns the browser after the cashier (RetURL): the return route of this attempt. */
  returnUrl: (attempt: PaymentAttempt) => string;
}

const APIS: Record<GmoWallet, { entry: GmoApi; exec: GmoApi; cancel: GmoApi; payType: string }> = {
  paypay: { entry: 'EntryTranPaypay', exec: 'ExecTranPaypay', cancel: 'PaypayCancelReturn', payType: '45' },
  alipay: { entry: 'EntryTranAlipay', exec: 'ExecTranAlipay', cancel: 'AlipayCancelReturn', payType: '14' },
};

const NO_SUCH_TRADE = 'E01110002';
/** Money taken. */
const TAKEN = new Set(['CAPTURE', 'SALES']);
/** Nothing taken, and nothing will be: refused, cancelled, or never started in time. */
const ENDED = new Set(['PAYFAIL', 'CANCEL', 'EXPIRED', 'RETURN']);

const pick = (answer: GmoParams, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => answer[key] !== undefined).map((key) => [key, answer[key]]));

/**
 * GMO-PG's wallet payments (PayPay: gmo_paypay; Alipay: alipay), ADR 026. EntryTran<Wallet> and
 * ExecTran<Wallet> give a StartURL and a one-time Token; the browser goes to the wallet's cashier with
 * them, and the gateway posts the result to RetURL (our return route) and notifies us, either of which may
 * arrive twice or not at all. So neither is believed: the outcome is always SearchTradeMulti's.
 */
export function createGmoWalletProvider(options: GmoWalletOptions): PaymentProvider {
  const { transport, wallet } = options;
  const api = APIS[wallet];

  async function shopFor(attempt: PaymentAttempt): Promise<GmoShop> {
    const shop = await options.shopOf(attempt.siteCode);
    if (!shop) throw new GatewayUnavailableError(`no GMO shop configured for site ${attempt.siteCode}`);
    return shop;
  }

  async function search(attempt: PaymentAttempt) {
    const shop = await shopFor(attempt);
    const answer = await transport('SearchTradeMulti', {
      ShopID: shop.shopId,
      ShopPass: shop.shopPass,
      OrderID: attempt.idempotencyKey,
      PayType: api.payType,
    });
    return { shop, answer };
  }

  async function status(attempt: PaymentAttempt): Promise<GatewayStatus> {
    const { answer } = await search(attempt);
    const error = gmoError(answer);
    if (error === NO_SUCH_TRADE) return 'not_found';
    if (error) throw new GatewayUnavailableError(`GMO SearchTradeMulti: ${error}`);
    if (TAKEN.has(answer.Status!)) return 'confirmed';
    if (ENDED.has(answer.Status!)) return 'failed';
    return 'pending';
  }

  return {
    family: 'gmo',
    publicFields: () => ({}),

    async start(attempt): Promise<StartOutcome> {
      const events: ProviderEvent[] = [];
      const shop = await options.shopOf(attempt.siteCode);
      if (!shop) return { kind: 'declined', providerReference: null, code: SHOP_NOT_CONFIGURED, events };
      const entry = await transport(api.entry, {
        ShopID: shop.shopId,
        ShopPass: shop.shopPass,
        OrderID: attempt.idempotencyKey,
        JobCd: 'CAPTURE',
        Amount: String(attempt.amount),
      });
      const entryError = gmoError(entry);
      events.push(providerEvent(api.entry, entryError ? pick(entry, ['ErrCode', 'ErrInfo']) : { ok: true }));
      if (entryError || !entry.AccessID || !entry.AccessPass) {
        return { kind: 'declined', providerReference: null, code: entryError ?? 'no_access_id', events };
      }
      const exec = await transport(api.exec, {
        AccessID: entry.AccessID,
        AccessPass: entry.AccessPass,
        OrderID: attempt.idempotencyKey,
        RetURL: options.returnUrl(attempt),
      });
      const execError = gmoError(exec);
      events.push(providerEvent(api.exec, pick(exec, ['StartLimitDate', 'ErrCode', 'ErrInfo'])));
      if (execError || !exec.StartURL || !exec.Token) {
        return {
          kind: 'declined',
          providerReference: entry.AccessID,
          code: execError ?? 'no_start_url',
          events,
        };
      }
      const start = new URL(exec.StartURL, 'http://start.invalid');
      start.searchParams.set('AccessID', entry.AccessID);
      start.searchParams.set('Token', exec.Token);
      const redirectUrl = exec.StartURL.startsWith('/')
        ? `${start.pathname}${start.search}`
        : start.toString();
      return { kind: 'redirect', providerReference: entry.AccessID, redirectUrl, events };
    },

    status,

    async complete(attempt) {
      const { answer } = await search(attempt);
      const error = gmoError(answer);
      const events = [providerEvent('SearchTradeMulti', pick(answer, ['Status', 'ErrCode', 'ErrInfo']))];
      if (error === NO_SUCH_TRADE) return { kind: 'declined', code: 'not_found', events };
      if (error) throw new GatewayUnavailableError(`GMO SearchTradeMulti: ${error}`);
      if (TAKEN.has(answer.Status!)) return { kind: 'done', events };
      if (answer.Status === 'CANCEL') return { kind: 'declined', code: PAYMENT_CANCELED, events };
      if (ENDED.has(answer.Status!)) return { kind: 'declined', code: answer.Status!.toLowerCase(), events };
      return { kind: 'pending', events };
    },

    /**
     * ADR 077: the wallet's cancel/return (PaypayCancelReturn, AlipayCancelReturn) with CancelAmount, the
     * whole remaining amount or a part. GMO takes no key of ours: the key's row (refundOnce) dedupes.
     */
    async refund(attempt, request) {
      return refundOnce(options.refundCalls, attempt, request, {
        async holding() {
          const { shop, answer } = await search(attempt);
          const error = gmoError(answer);
          const events = [
            providerEvent('SearchTradeMulti', pick(answer, ['Status', 'Amount', 'ErrCode', 'ErrInfo'])),
          ];
          if (error) return { kind: 'failed', code: error, events };
          const trade = { shop, answer };
          if (answer.Status === 'CANCEL' || answer.Status === 'RETURN') {
            return { kind: 'holding', remaining: 0, trade, events };
          }
          if (!TAKEN.has(answer.Status!))
            return { kind: 'failed', code: `not_refundable_${answer.Status}`, events };
          return { kind: 'holding', remaining: Number(answer.Amount), trade, events };
        },
        async send({ shop, answer }, _remaining, amount, events) {
          const cancelled = await transport(api.cancel, {
            ShopID: shop.shopId,
            ShopPass: shop.shopPass,
            AccessID: answer.AccessID!,
            AccessPass: answer.AccessPass!,
            OrderID: attempt.idempotencyKey,
            CancelAmount: String(amount),
          });
          const cancelError = gmoError(cancelled);
          events.push(
            providerEvent(api.cancel, {
              CancelAmount: amount,
              ...pick(cancelled, ['Status', 'ErrCode', 'ErrInfo']),
            }),
          );
          return cancelError
            ? { kind: 'failed', code: cancelError, events }
            : { kind: 'refunded', providerReference: null, events };
        },
      });
    },
  };
}
