import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { axiosXhrOnly } from './build/axios-xhr-only.ts';

// base './': one build is served under every site's /{slug}/ path.
export default defineConfig({
  base: './',
  plugins: [react(), axiosXhrOnly()],
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // The contract builds its zod schemas at module level; the SPA only needs its constants and
      // types, so schema construction is marked pure and dropped (keeps the entry under 150 KB gzip).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  server: { proxy: { '^/[^/]+/api/': 'http://localhost:3000' } },
});
