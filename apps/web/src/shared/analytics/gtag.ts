import { scriptUrlProblem } from '@kippu/contract/console/settings-scripts';

/**
 * Loads the site's gtag script (settings `analytics.gatagKeyUrl`, spec §3 "gatagKey URL") once, as the
 * tag manager's container is loaded: the URL is the one the console checked (an https URL on the script
 * allow-list, or a path on this site), checked again here since settings are data. gtag's own queue
 * (`gtag('js', …)`, `gtag('config', id)`) is started first, with the measurement id the URL names, so
 * the script reads it on arrival. Answers whether a script was added.
 */
export function loadGatag(url: string, doc: Document = document): boolean {
  if (scriptUrlProblem(url) !== null) return false;
  if ([...doc.querySelectorAll<HTMLScriptElement>('script[data-gtag]')].some((s) => s.dataset.gtag === url))
    return false;
  const queue = (window.dataLayer ??= []);
  // gtag's snippet pushes its `arguments`; an array of the same entries is what its script reads.
  const gtag = (...args: unknown[]) => queue.push(args);
  gtag('js', new Date());
  const id = new URL(url, 'https://own-origin.invalid').searchParams.get('id');
  if (id) gtag('config', id);
  const script = doc.createElement('script');
  script.async = true;
  script.src = url;
  script.dataset.gtag = url;
  doc.head.appendChild(script);
  return true;
}
