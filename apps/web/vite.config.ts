import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { inlinePageStyles } from './build/inline-page-styles.ts';
import { preloadApp } from './build/preload-app.ts';
import { pureContractConstants } from './build/pure-contract-constants.ts';

// base './': one build is served under every site's /{slug}/ path.
export default defineConfig({
  base: './',
  plugins: [react(), pureContractConstants(), preloadApp(), inlinePageStyles(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // The visitors' SPA only: the staff console is a build of its own (vite.console.config.ts, ADR 075), so
      // what the console uses of a shared library never lands in the visitors' chunks.
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)) },
      // The contract builds its zod schemas and endpoints at module level; the SPA only needs its
      // constants, route table and types, so schema and endpoint construction is marked pure and dropped
      // (zod would add ≈17 KB gzip to the entry: docs/decisions/010-fetch-client.md; ADR 050).
      treeshake: { manualPureFunctions: ['z', 'defineEndpoint'] },
      output: {
        codeSplitting: {
          groups: [
            {
              // React and TanStack Query, which every screen loads.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/,
            },
            {
              name: 'framework-libs',
              test: /node_modules[\\/](react-router|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/,
            },
            {
              // The app code the entry and the order screen both load (API client, stores, paths, the
              // spec §9 formatters). Without this group rolldown cuts it into a handful of tiny shared
              // chunks, and each boundary costs compression: ≈1 KB gzip on the order route, whose
              // budget is 150 KB (apps/web/build/order-route-size.ts). Keep it to modules the order
              // route needs anyway, or it grows the route instead.
              name: 'app-shared',
              // Not the visitor id's call nor the theme's colour maths: the entry loads those lazily, and
              // in this group they would weigh on every route (the sign-in screen's budget).
              test: /apps[\\/]web[\\/]src[\\/](shared[\\/](api(?![\\/]visitor-id)|stores|storage|hooks|sort|routing)|shared[\\/]analytics[\\/]data-layer)|packages[\\/]contract[\\/]src[\\/](errors|html-lang|format[\\/](placeholders|price|tokyo-date|date|calendar))/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '^/[^/]+/api/': 'http://localhost:3000' } },
});
