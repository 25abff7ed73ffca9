/** HTML text, escaped. */
const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The simulated issuer's 3-D Secure page (as Stripe's test page: complete or fail the authentication). It
 * is the card issuer's page, not Kippu's, so it speaks the issuer's languages (Japanese and English) and
 * needs no script: two form buttons post the outcome.
 */
export function stripeChallengePage(challenge: {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  open: boolean;
}): string {
  const amount = new Intl.NumberFormat('ja-JP', {
    style: 'currency',
    currency: challenge.currency.toUpperCase(),
  }).format(challenge.amount);
  const form = challenge.open
    ? `<form method="post" action="${escape(challenge.id)}">
      <input type="hidden" name="client_secret" value="${escape(challenge.clientSecret)}">
      <button type="submit" name="outcome" value="complete" class="ok">認証する / Complete authentication</button>
      <button type="submit" name="outcome" value="fail">認証に失敗する / Fail authentication</button>
    </form>`
    : `<p>この認証は終了しています。 / This authentication is over.</p>`;
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>3D セキュア認証 / 3D Secure authentication (test)</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f6f8fa; color: #1a1f36; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; border-radius: 8px; padding: 1.5rem;
         box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  h1 { font-size: 1.25rem; margin: 0 0 .5rem; }
  .amount { font-size: 1.5rem; font-weight: 600; margin: .5rem 0 1rem; }
  form { display: grid; gap: .75rem; }
  button { font: inherit; padding: .75rem; border-radius: 6px; border: 1px solid #8792a2; background: #fff;
           color: #1a1f36; cursor: pointer; }
  button.ok { background: #0a2540; border-color: #0a2540; color: #fff; }
  button:focus-visible { outline: 3px solid #635bff; outline-offset: 2px; }
  .note { font-size: .875rem; color: #4f566b; }
</style>
</head>
<body>
<main>
  <h1>3D セキュア認証 / 3D Secure authentication</h1>
  <p class="note">テスト用のカード発行会社のページです。 / This is a test issuer page (Kippu gateway simulator).</p>
  <p class="amount">${escape(amount)}</p>
  ${form}
</main>
</body>
</html>`;
}
