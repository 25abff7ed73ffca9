const scripts = new Map<string, Promise<unknown>>();

/**
 * Loads an outside script once per URL and answers what it defines (`read` after its load); a failed
 * load, or a script that defines nothing, is forgotten so the next attempt loads it again.
 */
export function loadScriptOnce<T>(url: string, read: () => T | undefined): Promise<T> {
  const known = scripts.get(url) as Promise<T> | undefined;
  if (known) return known;
  const loading = new Promise<T>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => {
      const defined = read();
      if (defined) resolve(defined);
      else reject(new Error(`${url} defined nothing`));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`${url} did not load`));
    });
    document.head.append(script);
  });
  scripts.set(url, loading);
  loading.catch(() => scripts.delete(url));
  return loading;
}
