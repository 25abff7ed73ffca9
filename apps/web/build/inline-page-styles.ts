import type { Plugin } from 'vite';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The stylesheets the page itself links (the entry's: what the served first paint is drawn with, src/main.ts)
 * go into index.html as `<style>`: the first paint then needs the page alone, not one more round trip for
 * its styles (ADR 037). A few KB: the styles of the app and its screens stay files, loaded with their chunks.
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
        if (!bundle) return html;
        return html.replace(STYLESHEET_LINK, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return link;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}
