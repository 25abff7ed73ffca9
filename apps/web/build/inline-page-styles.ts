import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>/g;
const ICON_LINK = /(<link rel="icon"[^>]*href=")\.\/favicon\.svg"/;
const FAVICON = new URL('../public/favicon.svg', import.meta.url);

/**
 * The stylesheets the page itself links (the entry's: what the served first paint is drawn with, src/main.ts)
 * go into index.html as `<style>`, and its icon as a data: URL: the first paint then needs the page alone,
 * not one more round trip for its styles (ADR 037). A few KB: the styles of the app and its screens stay
 * files, loaded with their chunks.
 * Only the entry imports these styles (src/main.ts): a lazy chunk that imported one too would load its file
 * again, and its import would wait for that (route-budgets.test.ts checks none does).
 */
export function inlinePageStyles(): Plugin {
  return {
    name: 'kippu-inline-page-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        // The console's page (console.html) links its stylesheet: it has no server-drawn first paint.
        if (!bundle || !context.path.endsWith('/index.html')) return html;
        // The icon too (a few hundred bytes): its request would take one of the page's few connections while
        // the scripts load. The file stays for /favicon.ico.
        const icon = `data:image/svg+xml,${encodeURIComponent(readFileSync(FAVICON, 'utf8').trim())}`;
        return html
          .replace(ICON_LINK, (_link, start: string) => `${start}${icon}"`)
          .replace(STYLESHEET_LINK, (link, fileName: string) => {
            const asset = bundle[fileName];
            if (asset?.type !== 'asset') return link;
            return `<style>${String(asset.source)}</style>`;
          });
      },
    },
  };
}
