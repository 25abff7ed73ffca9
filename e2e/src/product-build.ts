import { spawn } from 'node:child_process';
import { webSourceHash, writeWebBuildStamp } from '../../apps/web/build/source-stamp.ts';
import { REPO_ROOT } from './repo-root.ts';

/**
 * Builds the SPA and the server exactly as `npm start` does, so the suite tests what ships; the web build's
 * stamp lets the route-budget test of the same run measure this build instead of making its own (ADR 053).
 */
export async function buildProduct(): Promise<void> {
  const started = Date.now();
  const sourceHash = webSourceHash();
  let output = '';
  const code = await new Promise<number | null>((resolveCode, reject) => {
    const child = spawn('npm', ['run', 'build'], {
      cwd: REPO_ROOT,
      // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', resolveCode);
  });
  if (code !== 0) throw new Error(`npm run build failed (exit ${code}):\n${output}`);
  writeWebBuildStamp(sourceHash);
  console.info(`[e2e] web app and server built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
