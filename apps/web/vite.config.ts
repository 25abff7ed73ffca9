import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { inlinePageStyles } from './build/inline-page-styles.ts';
import { preloadApp } from './build/preload-app.ts';

// base './': one build is served under every site's /{slug}/ path.
export default defineConfig({
  base: './',
  plugins: [react(), preloadApp(), inlinePageStyles(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // Two pages: the visitors' SPA, and the staff console at /console/ (issue 27, ADR 067). They share
      // the framework chunks and nothing else; the visitor page's plugins above touch index.html only.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        console: fileURLToPath(new URL('./console.html', import.meta.url)),
      },
      // The contract builds its zod schemas and endpoints at module level; the SPA only needs its
      // constants, route table and types, so schema and endpoint construction is marked pure and dropped
      // (zod would add ≈17 KB gzip to the entry: docs/decisions/010-fetch-client.md; ADR 050).
      treeshake: { manualPureFunctions: ['z', 'defineEndpoint'] },
      output: {
        codeSplitting: {
          groups: [
            {
              // Vite's helper for dynamic imports, which both pages use: on its own, or it joins app-shared
              // below and the console's first screen would load the visitor app's shared code with it.
              name: 'preload-helper',
              test: /vite[\\/]preload-helper/,
            },
            {
              // TanStack Query with React: both pages load them on every screen, and the console then
              // needs none of framework-libs (the visitors' router, i18next and stores, ≈40 KB brotli).
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/,
            },
            {
              name: 'framework-libs',
              test: /node_modules[\\/](react-router|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/,
            },
            {
              // The contract's enums and console route list, which both pages read: on their own, or they
              // join app-shared below (as its dependencies) and the console would load the visitor app's
              // shared code and, through it, framework-libs (ADR 067).
              name: 'contract-shared',
              test: /packages[\\/]contract[\\/]src[\\/](enums|console[\\/](console-route|console-routes|identity-routes|audit-routes|operations-routes))\.ts$/,
            },
            {
              // The app code the entry and the order screen both load (API client, stores, paths, the
              // spec §9 formatters). Without this group rolldown cuts it into a handful of tiny shared
              // chunks, and each boundary costs compression: ≈1 KB gzip on the order route, whose
              // budget is 150 KB (apps/web/build/order-route-size.ts). Keep it to modules the order
              // route needs anyway, or it grows the route instead.
              name: 'app-shared',
              test: /apps[\\/]web[\\/]src[\\/](shared[\\/](api|stores|storage|hooks|sort|routing)|shared[\\/]analytics[\\/]data-layer|shared[\\/]site[\\/]theme-tone)|packages[\\/]contract[\\/]src[\\/](errors|html-lang|format[\\/](placeholders|price|tokyo-date|date|calendar))/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '^/[^/]+/api/': 'http://localhost:3000' } },
});
