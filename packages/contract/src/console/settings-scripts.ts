/**
 * Script URLs (issue 28, ADR 071): every setting that makes the visitor's browser load a script is an https
 * URL on one of these hosts, or a path on the site's own origin (the built-in simulator's scripts in
 * development). Adding a host is a code change, reviewed like any other: the list is the documentation.
 * Free of zod: the console's form shows the same answer before it sends.
 */
export const SCRIPT_HOSTS = [
  // Google Tag Manager and gtag (analytics.tagManagerId, analytics.gatagKeyUrl).
  'www.googletagmanager.com',
  // GMO-PG's token script (test and live).
  'static.mul-pay.jp',
  'stg.static.mul-pay.jp',
  // Stripe.js.
  'js.stripe.com',
  // The second card processor's token, 3-D Secure and fingerprint scripts (the demo's stand-in hosts).
  'card2.example',
  'sandbox.card2.example',
] as const;

/** The settings document's fields that name a script, as paths (`*` for each environment of a map). */
export const SCRIPT_URL_FIELDS = [
  'payment.deviceFingerprintScriptUrl',
  'payment.secondaryCardProcessor.tokenScriptUrl.*',
  'payment.secondaryCardProcessor.threeDsScriptUrl.*',
  'analytics.gatagKeyUrl',
] as const;

/** A Google Tag Manager container id (`GTM-` and letters or digits): the page builds the script URL from it. */
export const TAG_MANAGER_ID = /^GTM-[A-Z0-9]{4,12}$/;

/** A space or control character: a browser's URL parser strips tabs and newlines (`/\t/evil` is `//evil`). */
// eslint-disable-next-line no-control-regex
const SPACE_OR_CONTROL = /[\u0000-\u0020\u007f-\u009f]/;
const OWN_ORIGIN = 'https://own-origin.invalid';

/**
 * Why `url` may not be a script's address, or null when it may: an https URL on an allowed host (no
 * credentials, no port), or a same-origin path (`/...`, never `//host`). No space or control character
 * anywhere, and a path must still resolve to the page's own origin (the browser's own reading decides).
 */
export function scriptUrlProblem(url: string): string | null {
  if (SPACE_OR_CONTROL.test(url)) return 'expected a URL without spaces or control characters';
  if (url.startsWith('/')) {
    if (url.startsWith('//') || url.includes('\\')) return 'expected an https URL or a path on this site';
    try {
      if (new URL(url, OWN_ORIGIN).origin === OWN_ORIGIN) return null;
    } catch {
      // Not a URL at all: answered below.
    }
    return 'expected an https URL or a path on this site';
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'expected an https URL';
  }
  if (parsed.protocol !== 'https:') return 'expected an https URL';
  if (parsed.username || parsed.password || parsed.port)
    return 'expected an https URL without credentials or port';
  if (!(SCRIPT_HOSTS as readonly string[]).includes(parsed.hostname)) {
    return `the host ${parsed.hostname} is not on the script allow-list`;
  }
  return null;
}
