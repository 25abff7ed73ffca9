const RETRIED_KEY = 'kippu.app-load-retried';

/**
 * Runs the app's import; when it fails (a chunk the page names is gone after a deploy, or the connection
 * dropped mid-load) the page is loaded again once per tab, which names the current chunks: until the app
 * runs, the page shows only its inert first paint (ADR 037), with nothing a visitor could act on. A second
 * failure is left to the console, so a server that stays down does not make the page reload forever.
 */
export async function loadApp(
  importApp: () => Promise<unknown>,
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = sessionStorage,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  try {
    await importApp();
    storage.removeItem(RETRIED_KEY);
  } catch (error) {
    if (storage.getItem(RETRIED_KEY) !== null) throw error;
    storage.setItem(RETRIED_KEY, new Date().toISOString());
    reload();
  }
}
