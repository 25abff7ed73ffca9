import { escapeHtml } from './escape-html.ts';

/**
 * A small HTML page that carries the browser back to the merchant with a form POST, as SoftBank's link type
 * does (a redirect cannot POST). The server has its own page for its side of the flow; the simulator
 * imports nothing of the server (ADR 060). The same-origin script submits the form at once (the strict CSP admits 'self' scripts only);
 * the button stays for a browser without scripts.
 */

/** The script every such page loads: submit the first form marked data-auto-submit. */
export const AUTO_SUBMIT_SCRIPT =
  "document.addEventListener('DOMContentLoaded',function(){var f=document.querySelector('form[data-auto-submit]');if(f)f.submit();});\n";

export interface FormPostPage {
  lang: string;
  title: string;
  text: string;
  button: string;
  action: string;
  fields: Record<string, string>;
  scriptSrc: string;
}

export function formPostPage(page: FormPostPage): string {
  const inputs = Object.entries(page.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  return `<!doctype html>
<html lang="${escapeHtml(page.lang)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(page.title)}</title>
  <style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1a1a1a}main{max-width:32rem;margin:auto}
  button{font:inherit;padding:.75rem 1.5rem;border-radius:.5rem;border:0;background:#1a1a1a;color:#fff;min-height:44px}</style>
  <script src="${escapeHtml(page.scriptSrc)}" defer></script>
</head>
<body>
  <main>
    <h1>${escapeHtml(page.title)}</h1>
    <p>${escapeHtml(page.text)}</p>
    <form method="post" action="${escapeHtml(page.action)}" data-auto-submit>
      ${inputs}
      <button type="submit">${escapeHtml(page.button)}</button>
    </form>
  </main>
</body>
</html>
`;
}
