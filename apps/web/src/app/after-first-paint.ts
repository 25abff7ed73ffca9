/**
 * Resolves just after the browser has painted the page for the first time (ADR 037): a frame callback runs
 * once the page's stylesheets have loaded and just before that paint, and a task queued from it runs after
 * it. At once when there is nothing to paint yet (a page without the server's first paint) or the tab is
 * hidden (a background tab paints nothing and would wait until shown).
 */
export function afterFirstPaint(root = document.getElementById('root')): Promise<void> {
  if (document.visibilityState === 'hidden' || !root?.hasChildNodes()) return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
