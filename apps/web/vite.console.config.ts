import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

/**
 * The staff console's page (`/console/`, ADR 067) as a build of its own (ADR 075), written into the visitors'
 * dist/ after their build (`npm run build`): the two pages share no chunk, so a form library the console
 * uses more of, or the console's route list, never grows the visitors' routes, and the console's first screen
 * never loads the visitor app's code.
 */
export default defineConfig({
  base: './',
  plugins: [react(), precompress()],
  // The visitors' build has copied public/ already.
  publicDir: false,
  // The texts are read whole (`default`), never by key: without a named export per key a language's chunk is
  // one object (a JSON.parse of one string when large), 2.6 KB less brotli on the first screen in Thai.
  json: { namedExports: false },
  build: {
    target: 'es2022',
    sourcemap: false,
    emptyOutDir: false,
    rolldownOptions: {
      input: { console: fileURLToPath(new URL('./console.html', import.meta.url)) },
      // As the visitors' build: zod schemas and endpoints built at module level are dropped where only the
      // contract's constants and types are used.
      treeshake: { manualPureFunctions: ['z', 'defineEndpoint'] },
      output: {
        codeSplitting: {
          groups: [
            // React and TanStack Query: every console screen loads them, and the browser keeps them.
            {
              name: 'console-framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
