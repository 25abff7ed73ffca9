import type { SiteCode } from '@kippu/contract';
import {
  GatewayUnavailableError,
  providerEvent,
  type ContentSecurityDeclaration,
  type GatewayStatus,
  type PaymentAttempt,
  type PaymentProvider,
  type ProviderEvent,
  type StartOutcome,
  SHOP_NOT_CONFIGURED,
} from '../../domain/payments/payment-provider.ts';
import type { Db } from '../../db/client.ts';
import { refundOnce } from '../refund-once.ts';
import { gmoError, type GmoParams, type GmoTransport } from './gmo-protocol.ts';

/** A site's GMO-PG shop: the public id (site settings) and its password (site_secrets or the simulator's). */
export interface GmoShop {
  shopId: string;
  shopPass: string;
}

interface GmoCardCommonOptions {
  transport: GmoTransport;
  /** Where each refund key's call is kept (gateway_refund_calls): GMO takes no key of ours. */
  refundCalls: Db;
  shopOf: (site: SiteCode) => Promise<GmoShop | null>;
  tokenScriptUrl: string;
  testMode: boolean;
  /** The real gateway's origins (token script); none for the same-origin simulator. */
  contentSecurity?: ContentSecurityDeclaration;
}

export type GmoCardOptions = GmoCardCommonOptions &
  (
    | { threeDSecure: false }
    | {
        /** gmo_3ds: ask for 3-D Secure 2 (TdFlag=2); a challenge sends the browser to the card issuer. */
        threeDSecure: true;
        /** Where the 3-D Secure challenge returns the browser (the gateway return route). */
        returnUrl: (attempt: PaymentAttempt) => string;
      }
  );

/** Trade statuses that mean the money is taken. */
const TAKEN = new Set(['CAPTURE', 'AUTH', 'SALES']);
/** Trade statuses that mean the money went back (or never moved). */
const GIVEN_BACK = new Set(['VOID', 'RETURN', 'RETURNX']);
/** SearchTrade: no trade with this OrderID. */
const NO_SUCH_TRADE = 'E01110002';
/** The trade was already processed (another ExecTran / SecureTran2 got there first). */
const ALREADY_PROCESSED = 'E11010001';
/** SecureTran2 before the card holder answered the challenge. */
const NOT_AUTHENTICATED = 'E01240002';

/** What may be kept of an answer: never AccessPass, never a token. */
function summary(answer: GmoParams, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => answer[key] !== undefined).map((key) => [key, answer[key]]));
}

const ERROR_KEYS = ['ErrCode', 'ErrInfo'];

/** Japan's calendar day of a gateway time 'yyyyMMddHHmmss' (itself in Japan time), or of now. */
const tokyoDay = (gatewayTime?: string) =>
  gatewayTime?.slice(0, 8) ??
  new Date(Date.now() + 9 * 3600 * 1000).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * Card payments through GMO-PG's token + EntryTran/ExecTran protocol (methods gmo and gmo_3ds). The card
 * never reaches our server: the browser trades it for a one-time token with the gateway's script.
 */
export function createGmoCardProvider(options: GmoCardOptions): PaymentProvider {
  const { transport, contentSecurity } = options;

  async function shopFor(attempt: PaymentAttempt): Promise<GmoShop> {
    const shop = await options.shopOf(attempt.siteCode);
    if (!shop) throw new GatewayUnavailableError(`no GMO shop configured for site ${attempt.siteCode}`);
    return shop;
  }

  async function searchTrade(attempt: PaymentAttempt, shop: GmoShop) {
    return transport('SearchTrade', {
      ShopID: shop.shopId,
      ShopPass: shop.shopPass,
      OrderID: attempt.idempotencyKey,
    });
  }

  async function status(attempt: PaymentAttempt): Promise<GatewayStatus> {
    const answer = await searchTrade(attempt, await shopFor(attempt));
    const error = gmoError(answer);
    if (error === NO_SUCH_TRADE) return 'not_found';
    if (error) throw new GatewayUnavailableError(`GMO SearchTrade: ${error}`);
    if (TAKEN.has(answer.Status!)) return 'confirmed';
    if (GIVEN_BACK.has(answer.Status!)) return 'failed';
    // UNPROCESSED or AUTHENTICATED: an ExecTran may still be under way at the gateway, so the attempt
    // stays open rather than risk a second charge by letting the visitor pay again.
    return 'pending';
  }

  /**
   * Nothing of ours will continue the attempt and no ExecTran of it can still be under way (ADR 047: asked
   * only when the attempt carries no "exec sent" mark, which then can no longer be written, or the mark is
   * older than twice the gateway time-out). An entry still UNPROCESSED was then never executed: ExecTran
   * needs the AccessPass only the starting call held, a 3-D Secure challenge it may have opened was never
   * shown (its URL was not stored), and an unexecuted entry charges nothing and needs no void at GMO.
   * AUTHENTICATED (a challenge passed) cannot follow from an unshown challenge; it stays pending.
   */
  async function abandon(attempt: PaymentAttempt): Promise<GatewayStatus> {
    const trade = await searchTrade(attempt, await shopFor(attempt));
    const error = gmoError(trade);
    if (error === NO_SUCH_TRADE) return 'not_found';
    if (error) throw new GatewayUnavailableError(`GMO SearchTrade: ${error}`);
    if (trade.Status === 'UNPROCESSED' || GIVEN_BACK.has(trade.Status!)) return 'failed';
    return TAKEN.has(trade.Status!) ? 'confirmed' : 'pending';
  }

  return {
    family: 'gmo',

    publicFields(site) {
      const shopId = site.cardProviderKeys.gmo;
      return {
        token_script_url: options.tokenScriptUrl,
        ...(shopId ? { shop_id: shopId } : {}),
        test_mode: options.testMode,
      };
    },

    async start(attempt, input): Promise<StartOutcome> {
      const events: ProviderEvent[] = [];
      if (!input.token) {
        return { kind: 'declined', providerReference: null, code: 'token_missing', events };
      }
      const shop = await options.shopOf(attempt.siteCode);
      if (!shop) return { kind: 'declined', providerReference: null, code: SHOP_NOT_CONFIGURED, events };
      const entry = await transport('EntryTran', {
        ShopID: shop.shopId,
        ShopPass: shop.shopPass,
        OrderID: attempt.idempotencyKey,
        JobCd: 'CAPTURE',
        Amount: String(attempt.amount),
        TdFlag: options.threeDSecure ? '2' : '0',
      });
      const entryError = gmoError(entry);
      events.push(providerEvent('EntryTran', entryError ? summary(entry, ERROR_KEYS) : { ok: true }));
      if (entryError || !entry.AccessID || !entry.AccessPass) {
        return { kind: 'declined', providerReference: null, code: entryError ?? 'no_access_id', events };
      }
      const accessId = entry.AccessID;
      // No mark, no charge: an entry left UNPROCESSED without it is provably never executed (ADR 047).
      if (input.beforeCharge && !(await input.beforeCharge())) {
        events.push(providerEvent('ExecTran', { sent: false }));
        return { kind: 'declined', providerReference: accessId, code: 'not_executed', events };
      }
      const exec = await transport('ExecTran', {
        AccessID: accessId,
        AccessPass: entry.AccessPass,
        OrderID: attempt.idempotencyKey,
        Method: '1',
        Token: input.token,
        ...(options.threeDSecure ? { RetUrl: options.returnUrl(attempt) } : {}),
      });
      const execError = gmoError(exec);
      events.push(
        providerEvent(
          'ExecTran',
          summary(exec, ['ACS', 'Forward', 'Approve', 'TranID', 'TranDate', ...ERROR_KEYS]),
        ),
      );
      if (execError) return { kind: 'declined', providerReference: accessId, code: execError, events };
      if (exec.ACS !== '0' && exec.RedirectUrl) {
        return { kind: 'challenge', providerReference: accessId, redirectUrl: exec.RedirectUrl, events };
      }
      return { kind: 'done', providerReference: accessId, events };
    },

    status,
    abandon,

    ...(contentSecurity ? { contentSecurity } : {}),

    /**
     * The 3-D Secure return (exe-payment): the trade's state is asked of the gateway (the browser's word is
     * not taken); a trade still waiting is completed with SecureTran2, which charges once. A second,
     * concurrent completion finds it processed and reads the outcome again.
     */
    async complete(attempt, callback) {
      const shop = await shopFor(attempt);
      const events: ProviderEvent[] = [];
      const settledBy = (found: GatewayStatus) => {
        events.push(providerEvent('SearchTrade', { status: found }));
        if (found === 'confirmed') return { kind: 'done' as const, events };
        if (found === 'pending') return { kind: 'pending' as const, events };
        return { kind: 'declined' as const, code: found, events };
      };
      if (!options.threeDSecure) return settledBy(await status(attempt));
      // A return naming another transaction proves nothing about this one: ask again later.
      if (callback.AccessID !== undefined && callback.AccessID !== attempt.providerReference) {
        events.push(providerEvent('return', { mismatch: true }));
        return { kind: 'pending', events };
      }
      const trade = await searchTrade(attempt, shop);
      const searchError = gmoError(trade);
      if (searchError === NO_SUCH_TRADE) return settledBy('not_found');
      if (searchError) throw new GatewayUnavailableError(`GMO SearchTrade: ${searchError}`);
      if (trade.Status !== 'UNPROCESSED' && trade.Status !== 'AUTHENTICATED') {
        return settledBy(TAKEN.has(trade.Status!) ? 'confirmed' : 'failed');
      }
      const secured = await transport('SecureTran2', {
        AccessID: trade.AccessID!,
        AccessPass: trade.AccessPass!,
      });
      const secureError = gmoError(secured);
      events.push(
        providerEvent(
          'SecureTran2',
          summary(secured, ['Forward', 'Approve', 'TranID', 'TranDate', ...ERROR_KEYS]),
        ),
      );
      if (!secureError) return { kind: 'done', events };
      // Processed meanwhile (a concurrent return): its outcome is the trade's.
      if (secureError === ALREADY_PROCESSED) return settledBy(await status(attempt));
      // The challenge is not answered yet: the visitor may still be on the issuer's page.
      if (secureError === NOT_AUTHENTICATED) return { kind: 'pending', events };
      return { kind: 'declined', code: secureError, events };
    },

    /**
     * ADR 077: all that remains goes back with AlterTran (VOID the same Tokyo day, RETURN later); a part
     * with ChangeTran to the lower amount (GMO's way to reduce a sale). GMO takes no key of ours, so the
     * key's row (refundOnce) keeps a retry from giving back twice.
     */
    async refund(attempt, request) {
      const shop = await shopFor(attempt);
      return refundOnce(options.refundCalls, attempt, request, {
        async holding() {
          const trade = await searchTrade(attempt, shop);
          const error = gmoError(trade);
          const events = [
            providerEvent('SearchTrade', summary(trade, ['Status', 'Amount', 'ProcessDate', ...ERROR_KEYS])),
          ];
          if (error) return { kind: 'failed', code: error, events };
          if (GIVEN_BACK.has(trade.Status!)) return { kind: 'holding', remaining: 0, trade, events };
          if (!TAKEN.has(trade.Status!)) {
            return { kind: 'failed', code: `not_refundable_${trade.Status}`, events };
          }
          return { kind: 'holding', remaining: Number(trade.Amount), trade, events };
        },
        async send(trade, remaining, amount, events) {
          const keys = {
            ShopID: shop.shopId,
            ShopPass: shop.shopPass,
            AccessID: trade.AccessID!,
            AccessPass: trade.AccessPass!,
          };
          const whole = amount === remaining;
          const jobCd = whole
            ? tokyoDay(trade.ProcessDate) === tokyoDay()
              ? 'VOID'
              : 'RETURN'
            : trade.Status === 'AUTH'
              ? 'AUTH'
              : 'CAPTURE';
          const api = whole ? 'AlterTran' : 'ChangeTran';
          const answer = await transport(
            api,
            whole ? { ...keys, JobCd: jobCd } : { ...keys, JobCd: jobCd, Amount: String(remaining - amount) },
          );
          const error = gmoError(answer);
          events.push(
            providerEvent(api, {
              JobCd: jobCd,
              ...(whole ? {} : { Amount: remaining - amount }),
              ...summary(answer, ['TranID', ...ERROR_KEYS]),
            }),
          );
          return error
            ? { kind: 'failed', code: error, events }
            : { kind: 'refunded', providerReference: answer.TranID ?? null, events };
        },
      });
    },
  };
}
