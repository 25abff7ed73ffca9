import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Row } from '../../db/generated/rows.ts';
import type { DpayAuthResponse, DpayScptokResponse, SiteCode } from '@kippu/contract';
import { siteUrl } from '../../domain/links.ts';
import { withFlow } from '../returns/gateway-returns.ts';
import { AppError } from '../../shared/app-error.ts';
import {
  findReturnedAttempt,
  settleGatewayReturn,
  type FoundAttempt,
} from '../returns/settle-gateway-return.ts';
import type { SettleDeps } from '../../domain/checkout/settle-attempt.ts';
import { PAYMENT_CANCELED } from '../../domain/payments/payment-provider.ts';
import type { PaymentRegistry } from '../../domain/payments/payment-registry.ts';
import type { DpayGateway } from './dpay-gateway.ts';

/**
 * The d払い steps around checkout (ADR 028, spec §7): the authorisation parameters, the login's return
 * (state checked, code kept), the payment token, and the payment page's result and notification. Each
 * outcome is read from the carrier and settled once (settleGatewayReturn → settleAttempt).
 */

type Deps = SettleDeps & { payments: PaymentRegistry; dpay: DpayGateway };

type Authorization = Pick<
  Row<'dpay_authorizations'>,
  'payment_id' | 'state' | 'nonce' | 'code' | 'payment_token' | 'request_url'
> &
  Pick<Row<'payments'>, 'payment_number' | 'amount' | 'idempotency_key'>;

/**
 * The d_pay attempt waiting for the carrier of the order spec §7's `{id}` names: a booking's order token, or
 * a change of date's token (its top-up is paid on the change's own temporary order, whose token the browser
 * never holds; ADR 028 addendum). Both are unguessable tokens of this site; a change's must still be pending.
 */
async function openAuthorization(deps: Deps, site: SiteCode, id: string): Promise<Authorization> {
  const { rows } = await deps.db.execute<Authorization>(sql`
    SELECT a.payment_id, p.payment_number, a.state, a.nonce, a.code, a.payment_token, a.request_url,
           p.amount, p.idempotency_key
    FROM orders o
    JOIN payments p ON p.order_id = o.id AND p.method = 'd_pay' AND p.status = 'pending'
    JOIN dpay_authorizations a ON a.payment_id = p.id
    WHERE o.site_code = ${site} AND o.status = 'paying'
      AND (o.order_token = ${id}
           OR o.id = (SELECT c.order_id FROM time_changes c
                      WHERE c.timechange_token = ${id} AND c.site_code = ${site} AND c.status = 'pending'))`);
  if (!rows[0]) throw new AppError('record_not_found');
  return rows[0];
}

/** GET /d-account/v1/auth/{id} (an order token or a change's token): what the browser sends to the carrier's login (OpenID Connect). */
export async function dpayAuthParams(deps: Deps, site: SiteCode, id: string): Promise<DpayAuthResponse> {
  const authorization = await openAuthorization(deps, site, id);
  return {
    response_type: 'code',
    scope: 'openid d_pay',
    client_id: deps.dpay.merchant.clientId,
    redirect_uri: deps.dpay.redirectUri(authorization.payment_number),
    state: authorization.state,
    nonce: authorization.nonce,
    prompt: 'login',
    authif: '1',
    authorization_endpoint: deps.dpay.merchant.authorizationUrl,
  };
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function dpayAttempt(deps: Deps, paymentNumber: string): Promise<FoundAttempt> {
  const attempt = await findReturnedAttempt(deps.db, { paymentNumber });
  if (!attempt || attempt.method !== 'd_pay') throw new AppError('record_not_found');
  return attempt;
}

/**
 * GET /payment-return/d_pay/{paymentNumber}?code&state (or error&state): back from the carrier's login.
 * The state must be the attempt's own (else someone else's login is being slipped in); the code is kept
 * for the payment token. A cancelled login ends the attempt (the visitor may choose again). Answers where
 * the browser goes: /d-pay-confirm with the state (the SPA compares it with its dPayStateCode), or the
 * payment callback screen.
 */
export async function recordDpayLogin(
  deps: Deps,
  paymentNumber: string,
  query: { code?: string; state: string; error?: string },
): Promise<string> {
  const attempt = await dpayAttempt(deps, paymentNumber);
  const { rows } = await deps.db.execute<Pick<Row<'dpay_authorizations'>, 'state'>>(
    sql`SELECT state FROM dpay_authorizations WHERE payment_id = ${attempt.id}`,
  );
  if (!rows[0] || !sameText(rows[0].state, query.state))
    throw new AppError('invalid_request', 'state mismatch');
  if (query.error || !query.code) {
    const after = await settleGatewayReturn(
      deps,
      attempt,
      { error: query.error ?? 'no_code' },
      'dpay_auth_return',
    );
    const result = after.status === 'confirmed' ? 'success' : 'cancel';
    return siteUrl(deps.env, attempt.siteSlug, withFlow(`/payment-callback/d_pay/${result}`, after.flow));
  }
  await deps.db.execute(sql`
    UPDATE dpay_authorizations SET code = ${query.code}, authorized_at = now()
    WHERE payment_id = ${attempt.id} AND code IS NULL`);
  // The flow rides along (ADR 059): a change's top-up is confirmed on the change's id, not the booking's.
  return siteUrl(
    deps.env,
    attempt.siteSlug,
    withFlow(`/d-pay-confirm?state=${encodeURIComponent(query.state)}`, attempt.flow),
  );
}

/**
 * GET /d-pay/v1/scptok/{id} (an order token or a change's token): the payment token for the authorised attempt (the code is traded for
 * an access token once; asking again answers the token already issued).
 */
export async function dpayPaymentToken(deps: Deps, site: SiteCode, id: string): Promise<DpayScptokResponse> {
  const authorization = await openAuthorization(deps, site, id);
  if (!authorization.code) throw new AppError('invalid_request', 'not authorised at the carrier yet');
  // Asked again (a reload, a double click): the token already issued.
  if (authorization.payment_token) return reissued(deps, authorization);
  const { dpay } = deps;
  const redirectUri = dpay.redirectUri(authorization.payment_number);
  const token = await dpay.transport.token({ code: authorization.code, redirectUri });
  if ('error' in token) throw new AppError('payment_api_failure', `d払い token: ${token.error}`);
  const answer = await dpay.transport.paymentToken({
    accessToken: token.accessToken,
    orderRef: authorization.idempotency_key,
    amount: Number(authorization.amount),
    returnUrl: dpay.resultUrl(authorization.payment_number),
  });
  if ('error' in answer) throw new AppError('payment_api_failure', `d払い scptok: ${answer.error}`);
  await deps.db.execute(sql`
    UPDATE dpay_authorizations SET payment_token = ${answer.s_cptok}, request_url = ${answer.request_url}
    WHERE payment_id = ${authorization.payment_id}`);
  return answer;
}

/** The token issued before, answered again (a reload of the confirm screen, a double click). */
function reissued(deps: Deps, authorization: Authorization): DpayScptokResponse {
  const { merchant } = deps.dpay;
  return {
    s_terkn: merchant.terminalId,
    s_spcd: merchant.shopCode,
    s_cptok: authorization.payment_token!,
    request_url: authorization.request_url!,
  };
}

function callbackOf(attempt: FoundAttempt): string {
  if (attempt.status === 'confirmed') return 'success';
  if (attempt.status === 'pending' || attempt.status === 'created') return 'pending';
  return attempt.status === 'canceled' || attempt.failureCode === PAYMENT_CANCELED ? 'cancel' : 'failure';
}

/**
 * POST /payment-return/d_pay/{paymentNumber}/result: the carrier's payment page posts the visitor back.
 * The post proves nothing (unsigned); the carrier is asked. Answers the payment callback screen's URL.
 */
export async function recordDpayResult(deps: Deps, paymentNumber: string): Promise<string> {
  const attempt = await dpayAttempt(deps, paymentNumber);
  const after = await settleGatewayReturn(deps, attempt, {}, 'browser_return');
  return siteUrl(
    deps.env,
    after.siteSlug,
    withFlow(`/payment-callback/d_pay/${callbackOf(after)}`, after.flow),
  );
}

/** POST /payment-notify/d_pay (s_cptok): the carrier's notification; asks the carrier and settles. */
export async function applyDpayNotification(deps: Deps, paymentToken: string): Promise<{ settled: boolean }> {
  const { rows } = await deps.db.execute<Pick<Row<'payments'>, 'payment_number'>>(sql`
    SELECT p.payment_number FROM dpay_authorizations a JOIN payments p ON p.id = a.payment_id
    WHERE a.payment_token = ${paymentToken}`);
  if (!rows[0]) return { settled: false };
  const attempt = await dpayAttempt(deps, rows[0].payment_number);
  const after = await settleGatewayReturn(deps, attempt, {}, 'notification');
  return { settled: after.status !== 'pending' && after.status !== 'created' };
}
