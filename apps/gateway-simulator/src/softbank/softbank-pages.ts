import { SIMULATOR_TEST_CARDS } from '@kippu/contract';
import { escapeHtml } from '../shared/escape-html.ts';

/**
 * The simulated SBPS gateway's own pages (ADR 027): what the visitor sees at the gateway, not Kippu's UI.
 * Like the real gateway's pages they are bilingual (Japanese and English) whatever the shop's language.
 */

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1a1a1a}
header{background:#c00;color:#fff;padding:.75rem 1rem;font-weight:700}
main{max-width:30rem;margin:auto;padding:1rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{font:inherit;width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #767676;border-radius:.4rem}
.row{display:flex;gap:.5rem}.row>div{flex:1}
button{font:inherit;min-height:44px;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #1a1a1a;margin:.75rem .5rem 0 0}
button.primary{background:#1a1a1a;color:#fff}
.amount{font-size:1.4rem;font-weight:700}.note{font-size:.875rem;color:#444}
code{font-size:.875rem}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ja">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header>SoftBank Payment Service <span lang="en">(simulator)</span></header>
<main>${body}</main></body></html>
`;
}

const yen = (amount: number) => `¥${amount.toLocaleString('ja-JP')}`;

function cancelForm(action: string): string {
  return `<form method="post" action="${escapeHtml(action)}">
  <input type="hidden" name="choice" value="cancel">
  <button type="submit">キャンセル / <span lang="en">Cancel</span></button></form>`;
}

/** The card entry page (credit, credit3d). */
export function cardPage(action: string, amount: number, threeDSecure: boolean): string {
  const cards = SIMULATOR_TEST_CARDS;
  return page(
    'カード情報の入力 / Card details',
    `<h1>カード情報の入力 <span lang="en">/ Card details</span></h1>
<p class="amount">${yen(amount)}</p>
<form method="post" action="${escapeHtml(action)}">
  <label for="cardno">カード番号 <span lang="en">/ Card number</span></label>
  <input id="cardno" name="cardno" inputmode="numeric" autocomplete="cc-number" required>
  <div class="row">
    <div><label for="expire">有効期限 (YYMM) <span lang="en">/ Expiry</span></label>
    <input id="expire" name="expire" inputmode="numeric" pattern="[0-9]{4}" required placeholder="3012"></div>
    <div><label for="security_code">セキュリティコード <span lang="en">/ Security code</span></label>
    <input id="security_code" name="security_code" inputmode="numeric" autocomplete="cc-csc" required></div>
  </div>
  <button class="primary" type="submit">支払う / <span lang="en">Pay</span></button>
</form>
${cancelForm(action)}
<p class="note" lang="en">Test mode. Paid: <code>${cards.visa}</code>. Declined: <code>${cards.decline}</code>,
insufficient funds <code>${cards.insufficientFunds}</code>, expired <code>${cards.expiredCard}</code>.
${threeDSecure ? `3-D Secure challenge: <code>${cards.challenge}</code>.` : ''} Notification lost: <code>${cards.timeout}</code>.</p>`,
  );
}

/** The wallet's approval page (paypay, alipay): approve, decline (insufficient balance) or cancel. */
export function walletPage(action: string, amount: number, wallet: 'paypay' | 'alipay'): string {
  const name = wallet === 'paypay' ? 'PayPay' : 'Alipay';
  return page(
    `${name} でのお支払い / Pay with ${name}`,
    `<h1>${name} でのお支払い <span lang="en">/ Pay with ${name}</span></h1>
<p class="amount">${yen(amount)}</p>
<p class="note" lang="en">Test account: test-user@${wallet}.example (any password).</p>
<form method="post" action="${escapeHtml(action)}">
  <button class="primary" type="submit" name="choice" value="approve">承認する / <span lang="en">Approve</span></button>
  <button type="submit" name="choice" value="decline">残高不足で拒否 / <span lang="en">Decline (insufficient balance)</span></button>
  <button type="submit" name="choice" value="cancel">キャンセル / <span lang="en">Cancel</span></button>
</form>`,
  );
}

/** The card issuer's 3-D Secure challenge (credit3d with the challenge test card). */
export function challengePage(action: string, amount: number): string {
  return page(
    '本人認証 / 3-D Secure',
    `<h1>本人認証 <span lang="en">/ 3-D Secure</span></h1>
<p class="amount">${yen(amount)}</p>
<p>カード発行会社の本人認証です。<span lang="en">Your card issuer asks you to confirm this payment.</span></p>
<form method="post" action="${escapeHtml(action)}">
  <button class="primary" type="submit" name="answer" value="pass">認証する / <span lang="en">Authenticate</span></button>
  <button type="submit" name="answer" value="fail">認証に失敗する / <span lang="en">Fail authentication</span></button>
</form>`,
  );
}

export function errorPage(code: string): string {
  return page(
    'エラー / Error',
    `<h1>エラー <span lang="en">/ Error</span></h1><p>購入要求を受け付けられませんでした。<span lang="en">The purchase request was refused.</span></p><p><code>${escapeHtml(code)}</code></p>`,
  );
}
