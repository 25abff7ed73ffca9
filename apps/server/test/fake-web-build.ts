import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A stand-in for apps/web/dist (the page, a hashed asset, a static file, index.html at its usual place),
 * with a secret file beside the directory that must never be served. Answers the directory, with a
 * trailing slash as registerSpa expects.
 */
export function fakeWebBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'kippu-dist-'));
  writeFileSync(join(root, 'secret.txt'), 'do-not-serve');
  const dir = join(root, 'dist');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return `${dir}/`;
}
