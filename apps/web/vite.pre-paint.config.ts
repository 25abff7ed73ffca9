import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The server's build of the page's first paint (src/pre-paint/render-pre-paint.tsx, ADR 037): one ES module
 * for Node in dist-pre-paint/, outside dist/ so it is never served. Packages stay imports (resolved from
 * node_modules at run time); the app's own modules and the contract are bundled, their CSS dropped.
 */
export default defineConfig({
  plugins: [react()],
  // The favicon and logos are served from dist/ by the client build.
  publicDir: false,
  build: {
    ssr: 'src/pre-paint/render-pre-paint.tsx',
    outDir: 'dist-pre-paint',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
  },
});
