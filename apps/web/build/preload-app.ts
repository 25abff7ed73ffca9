import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The module the entry imports once the page has painted (src/main.ts, ADR 037). */
const APP_MODULE = /[\\/]src[\\/]app[\\/]start-app\.tsx$/;

/**
 * The entry starts the app with a dynamic import, after the first paint; Vite only preloads a page's static
 * imports. This lists the app's chunk, every chunk it imports statically and their styles in index.html
 * (`modulepreload`, `preload as=style`), so they download while the page paints instead of after it. At
 * low priority: the first paint needs none of them (its styles are in the page), so they must not hold it up.
 */
export function preloadApp(): Plugin {
  return {
    name: 'kippu-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        // The console's page (console.html) starts its app itself; only the visitors' page is drawn first.
        if (!bundle || !context.path.endsWith('/index.html')) return [];
        const chunks = new Map(
          Object.values(bundle).flatMap((output) =>
            output.type === 'chunk' ? [[output.fileName, output]] : [],
          ),
        );
        const app = [...chunks.values()].find(
          (chunk) => chunk.facadeModuleId && APP_MODULE.test(chunk.facadeModuleId),
        );
        if (!app) throw new Error('preload-app: no chunk for src/app/start-app.tsx');
        const staticClosure = (root: string, skip = new Set<string>()) => {
          const files = new Set<string>();
          const queue = [root];
          while (queue.length > 0) {
            const file = queue.shift()!;
            if (files.has(file) || skip.has(file)) continue;
            files.add(file);
            queue.push(...(chunks.get(file)?.imports ?? []));
          }
          return files;
        };
        const stylesOf = (files: Set<string>) =>
          new Set([...files].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]));
        // What the page already loads: the entry and its static imports, with their stylesheets.
        const page = context.chunk ? staticClosure(context.chunk.fileName) : new Set<string>();
        const pageStyles = stylesOf(page);
        const scripts = staticClosure(app.fileName, page);
        const styles = [...stylesOf(scripts)].filter((file) => !pageStyles.has(file));
        const link = (file: string, attrs: Record<string, string>): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { ...attrs, crossorigin: true, fetchpriority: 'low', href: `./${file}` },
          injectTo: 'head',
        });
        return [
          ...[...scripts].map((file) => link(file, { rel: 'modulepreload' })),
          ...styles.map((file) => link(file, { rel: 'preload', as: 'style' })),
        ];
      },
    },
  };
}
