import { DPAY_TEST_ACCOUNTS } from '@kippu/contract/stripe-test-cards';

/** HTML text, escaped. */
const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('\n      ');

/**
 * The simulated carrier's pages (ADR 028): login (OpenID-Connect-style authorisation), payment and the way
 * back. They are the carrier's pages, not Kippu's, so they speak the carrier's languages (Japanese, with
 * English) and run no script: forms post every step.
 */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #fdf1f3; color: #222; }
  header { background: #c8102e; color: #fff; padding: .75rem 1rem; font-weight: 700; }
  main { max-width: 28rem; margin: 1.5rem auto; background: #fff; border-radius: 8px; padding: 1.25rem;
         box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  h1 { font-size: 1.2rem; margin: 0 0 .75rem; }
  label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
  select, input[type=password] { font: inherit; width: 100%; box-sizing: border-box; padding: .6rem;
         border: 1px solid #767676; border-radius: 6px; }
  .actions { display: grid; gap: .75rem; margin-top: 1.25rem; }
  button { font: inherit; padding: .75rem; border-radius: 6px; border: 1px solid #767676; background: #fff;
           color: #222; cursor: pointer; }
  button.primary { background: #c8102e; border-color: #c8102e; color: #fff; }
  button:focus-visible, select:focus-visible, input:focus-visible { outline: 3px solid #1a4fd6; outline-offset: 2px; }
  .amount { font-size: 1.6rem; font-weight: 700; margin: .5rem 0; }
  .note { font-size: .875rem; color: #555; }
</style>
</head>
<body>
<header>d払い (テスト / test)</header>
<main>
${body}
</main>
</body>
</html>`;
}

const yen = (amount: number) =>
  new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }).format(amount);

/** The carrier's login: a test account (its outcome), any password; or cancel. */
export function dpayLoginPage(request: Record<string, string>): string {
  const accounts = Object.entries(DPAY_TEST_ACCOUNTS)
    .map(([label, id]) => `<option value="${escape(id)}">${escape(id)} (${escape(label)})</option>`)
    .join('');
  return page(
    'dアカウント ログイン / d ACCOUNT login',
    `<h1>dアカウントでログイン / Log in with d ACCOUNT</h1>
  <p class="note">キャリア決済シミュレーター: テスト用アカウントを選んでください。 / Gateway simulator: choose a test account.</p>
  <form method="post">
      ${hidden(request)}
    <label for="account">dアカウントID / d ACCOUNT ID</label>
    <select id="account" name="account">${accounts}</select>
    <label for="password">パスワード / Password</label>
    <input id="password" name="password" type="password" value="test" autocomplete="off">
    <div class="actions">
      <button type="submit" name="decision" value="login" class="primary">ログイン / Log in</button>
      <button type="submit" name="decision" value="cancel">キャンセル / Cancel</button>
    </div>
  </form>`,
  );
}

/** The carrier's payment page for a posted payment token. */
export function dpayPaymentPage(
  fields: Record<string, string>,
  payment: { amount: number; open: boolean },
): string {
  return page(
    'd払い お支払い / d払い payment',
    `<h1>d払いでお支払い / Pay with d払い</h1>
  <p class="amount">${escape(yen(payment.amount))}</p>
  ${
    payment.open
      ? `<form method="post" action="payment/decide">
      ${hidden({ s_cptok: fields.s_cptok ?? '' })}
    <div class="actions">
      <button type="submit" name="decision" value="pay" class="primary">支払う / Pay</button>
      <button type="submit" name="decision" value="cancel">キャンセル / Cancel</button>
    </div>
  </form>`
      : '<p>このお支払いは終了しています。 / This payment is over.</p>'
  }`,
  );
}

/** After the decision: the way back to the shop, a form post of the result (as the carrier does). */
export function dpayReturnPage(returnUrl: string, fields: Record<string, string>, status: string): string {
  const done = status === 'paid';
  return page(
    'd払い / d払い',
    `<h1>${done ? 'お支払いが完了しました / Payment complete' : status === 'canceled' ? 'お支払いを取り消しました / Payment cancelled' : 'お支払いできませんでした / Payment declined'}</h1>
  <form method="post" action="${escape(returnUrl)}">
      ${hidden(fields)}
    <div class="actions">
      <button type="submit" class="primary">ショップに戻る / Return to the shop</button>
    </div>
  </form>`,
  );
}
