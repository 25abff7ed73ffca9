import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const STUB = fileURLToPath(new URL('./axios-fetch-adapter-stub.js', import.meta.url));

/**
 * The API client always uses axios's XMLHttpRequest adapter (`adapter: 'xhr'`), so axios's fetch
 * adapter (≈5 KB gzip) is replaced by a stub in the build. Keeps the order screen under its
 * 150 KB gzip budget (docs/decisions/006-web-shell.md).
 */
export function axiosXhrOnly(): Plugin {
  return {
    name: 'kippu:axios-xhr-only',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './fetch.js' &&
        importer?.replaceAll('\\', '/').endsWith('axios/lib/adapters/adapters.js')
      ) {
        return STUB;
      }
      return null;
    },
  };
}
