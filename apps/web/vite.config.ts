import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// base './': one build is served under every site's /{slug}/ path.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // The contract builds its zod schemas at module level; the SPA only needs its constants and
      // types, so schema construction is marked pure and dropped (zod would add ≈17 KB gzip to the
      // entry: docs/decisions/010-fetch-client.md).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '^/[^/]+/api/': 'http://localhost:3000' } },
});
