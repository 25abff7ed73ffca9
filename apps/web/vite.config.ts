import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// base './': one build is served under every site's /{slug}/ path.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: { target: 'es2022', sourcemap: false },
  server: { proxy: { '^/[^/]+/api/': 'http://localhost:3000' } },
});
