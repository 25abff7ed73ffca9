import { escapeHtml } from '../shared/escape-html.ts';
import type { CashierView, ChallengeView } from './gmo-simulator.ts';

/**
 * The simulator's own pages (the card issuer's 3-D Secure challenge, the wallet cashier). They stand for
 * the gateways' pages, which show Japanese and English: so do these. No script (the site's CSP admits
 * none inline): plain forms, each button names what it simulates.
 */

const yen = (amount: number) => `¥${amount.toLocaleString('en-US')}`;

function page(titleJa: string, titleEn: string, body: string): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${titleJa} / ${titleEn}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f3f4f6; color: #111827; }
  main { max-width: 26rem; margin: 0 auto; padding: 1.5rem 1rem; }
  .card { background: #fff; border-radius: 12px; padding: 1.25rem; box-shadow: 0 1px 3px rgb(0 0 0 / 12%); }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  .en { color: #4b5563; font-size: .9rem; margin: 0 0 1rem; }
  .badge { display: inline-block; font-size: .75rem; background: #fde68a; color: #78350f; border-radius: 4px;
           padding: .1rem .4rem; margin-bottom: .75rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem .75rem; margin: 0 0 1.25rem; }
  dt { color: #4b5563; } dd { margin: 0; font-weight: 600; }
  form { margin: 0; display: grid; gap: .75rem; }
  button { font: inherit; min-height: 48px; border-radius: 8px; border: 1px solid #9ca3af; background: #fff;
           color: #111827; cursor: pointer; padding: .5rem 1rem; }
  button.primary { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }
  button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  small { display: block; color: #4b5563; }
</style>
</head>
<body><main><div class="card">
<span class="badge">テスト環境 / Test simulator</span>
${body}
</div></main></body>
</html>`;
}

export function challengePage(accessId: string, view: ChallengeView, action: string): string {
  return page(
    '本人認証（3-D セキュア）',
    '3-D Secure verification',
    `<h1>本人認証（3-D セキュア）</h1>
<p class="en">3-D Secure verification by your card issuer</p>
<dl>
  <dt>金額 / Amount</dt><dd>${escapeHtml(yen(view.amount))}</dd>
  <dt>カード / Card</dt><dd>${escapeHtml(view.maskedCardNo)}</dd>
</dl>
<form method="post" action="${escapeHtml(action)}">
  <input type="hidden" name="AccessID" value="${escapeHtml(accessId)}">
  <button class="primary" type="submit" name="answer" value="pass">認証する<small>Authenticate (pass)</small></button>
  <button type="submit" name="answer" value="fail">認証に失敗する<small>Fail authentication</small></button>
</form>`,
  );
}

const WALLET_NAMES = { paypay: 'PayPay', alipay: 'Alipay' } as const;

export function cashierPage(accessId: string, token: string, view: CashierView, action: string): string {
  const name = WALLET_NAMES[view.wallet];
  return page(
    `${name} でお支払い`,
    `Pay with ${name}`,
    `<h1>${name} でお支払い</h1>
<p class="en">Pay with ${name}</p>
<dl>
  <dt>金額 / Amount</dt><dd>${escapeHtml(yen(view.amount))}</dd>
  <dt>アカウント / Account</dt><dd>test-user@${view.wallet}.example</dd>
</dl>
<form method="post" action="${escapeHtml(action)}">
  <input type="hidden" name="AccessID" value="${escapeHtml(accessId)}">
  <input type="hidden" name="Token" value="${escapeHtml(token)}">
  <button class="primary" type="submit" name="answer" value="approve">支払う<small>Approve</small></button>
  <button type="submit" name="answer" value="decline">残高不足で失敗する<small>Decline (insufficient balance)</small></button>
  <button type="submit" name="answer" value="cancel">キャンセル<small>Cancel</small></button>
  <button type="submit" name="answer" value="approve_lost_return">支払う（ショップに戻らない）<small>Approve, but the return to the shop gets lost</small></button>
  <button type="submit" name="answer" value="approve_lost_all">支払う（戻りも通知も届かない）<small>Approve, but the return and the notifications get lost</small></button>
</form>`,
  );
}

export function lostReturnPage(): string {
  return page(
    'お支払いを受け付けました',
    'Payment accepted',
    `<h1>お支払いを受け付けました</h1>
<p class="en">Payment accepted. This simulates a return to the shop that never arrives: the shop learns
of the payment from the gateway's notification. You may close this window.</p>`,
  );
}

export function notFoundPage(): string {
  return page(
    '取引が見つかりません',
    'Transaction not found',
    `<h1>取引が見つかりません</h1><p class="en">Transaction not found, or already finished.</p>`,
  );
}
