import { escapeHtml } from '../shared/escape-html.ts';

/**
 * The simulated issuer's 3-D Secure page for the second/third processor: the issuer's, not Kippu's, so in
 * the issuer's languages (Japanese and English) and without script: two buttons post the outcome.
 */
export function card2ChallengePage(challenge: {
  action: string;
  amount: number;
  maskedCardNo: string;
  open: boolean;
}): string {
  const amount = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }).format(
    challenge.amount,
  );
  const body = challenge.open
    ? `<form method="post" action="${escapeHtml(challenge.action)}">
    <button type="submit" name="outcome" value="pass" class="ok">認証する / Authenticate</button>
    <button type="submit" name="outcome" value="fail">認証に失敗する / Fail authentication</button>
  </form>`
    : `<p>この認証は終了しています。 / This authentication is over.</p>`;
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>本人認証 / Card holder authentication (test)</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f2f4f3; color: #16201c; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; border-radius: 8px; padding: 1.5rem; }
  h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
  .amount { font-size: 1.5rem; font-weight: 600; margin: .5rem 0 1rem; }
  form { display: grid; gap: .75rem; }
  button { font: inherit; min-height: 44px; padding: .75rem; border-radius: 6px; border: 1px solid #5b6b64;
           background: #fff; color: #16201c; cursor: pointer; }
  button.ok { background: #0b5d3b; border-color: #0b5d3b; color: #fff; }
  button:focus-visible { outline: 3px solid #0b5d3b; outline-offset: 2px; }
  .note { font-size: .875rem; color: #45524c; }
</style>
</head>
<body>
<main>
  <h1>本人認証 / Card holder authentication</h1>
  <p class="note">テスト用のカード発行会社のページです(第2決済代行)。 / A test issuer page of the second card processor (Kippu gateway simulator).</p>
  <p class="amount">${escapeHtml(amount)}</p>
  <p class="note">${escapeHtml(challenge.maskedCardNo)}</p>
  ${body}
</main>
</body>
</html>`;
}
