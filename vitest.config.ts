import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One `npm test` runs every project and prints one total.
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Above testing-library's wait (test/setup.ts), so a screen that never appears reports what it shows.
          testTimeout: 20_000,
        },
      },
      {
        // The web app's build checks (route JavaScript budgets, issue 12): a production build in node.
        test: {
          name: 'web-build',
          include: ['apps/web/build/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/src/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll waits for the page like a locator does (fixtures' 15 s), not vitest's 1 s: on a
          // loaded CI machine a ticket page's QR codes took longer than 1 s to draw. Speed is the benchmarks'.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // Two files at a time against one server, each worker with one browser for all its files (so the
          // files share the worker's modules: unisolated); the data of each journey is its own (ADR 053).
          maxWorkers: 2,
          isolate: false,
        },
      },
    ],
  },
});
