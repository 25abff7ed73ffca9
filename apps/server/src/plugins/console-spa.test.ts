import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CONTENT_SECURITY_POLICY, registerConsoleSpa } from './console-spa.ts';

const PAGE =
  '<!doctype html><html><head><script type="module" src="./assets/console-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('console '.repeat(500))})`;

/** A stand-in for apps/web/dist with the console page, an asset and its compressed copy, and a file beside. */
function fakeConsoleBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'kippu-console-dist-'));
  writeFileSync(join(root, 'secret.txt'), 'do-not-serve');
  const dir = join(root, 'dist');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'console.html'), PAGE);
  writeFileSync(join(dir, 'console.html.br'), brotliCompressSync(PAGE));
  writeFileSync(join(dir, 'console.html.gz'), gzipSync(PAGE));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><p>visitor page</p>');
  writeFileSync(join(dir, 'assets', 'console-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'console-abc123.js.br'), brotliCompressSync(SCRIPT));
  // Library chunks keep their module's dots: react-hook-form's is index.esm-<hash>.js.
  writeFileSync(join(dir, 'assets', 'index.esm-def456.js'), 'export {}');
  // The QR reader's WebAssembly (orders search, issue 29).
  writeFileSync(join(dir, 'assets', 'zxing_reader-0a1b2c.wasm'), Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]));
  return `${dir}/`;
}

describe('console SPA (issue 27)', () => {
  const app = Fastify();
  beforeAll(async () => {
    await registerConsoleSpa(app, fakeConsoleBuild());
    // A site's routes beside it, as the real app has them: the console's paths must not fall to them.
    app.get('/:slug/', () => 'site page');
    app.get('/:slug/*', () => 'site file');
    await app.ready();
  });
  afterAll(() => app.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('redirects /console to /console/', async () => {
    const res = await get('/console');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/console/');
  });

  it('serves the console page with a strict policy that admits no third-party script', async () => {
    const res = await get('/console/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(PAGE);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toBe(CONSOLE_CONTENT_SECURITY_POLICY);
    const scripts = /script-src ([^;]*)/.exec(policy)?.[1];
    // Its own files, and WebAssembly compiled from them (the ticket QR reader): never a string of script.
    expect(scripts).toBe("'self' 'wasm-unsafe-eval'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/unsafe-inline|'unsafe-eval'|https?:|\*/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed page to a browser that accepts brotli', async () => {
    const res = await app.inject({ method: 'GET', url: '/console/', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
  });

  it('serves its hashed assets, immutable, precompressed when accepted', async () => {
    const plain = await get('/console/assets/console-abc123.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/console/assets/index.esm-def456.js')).statusCode).toBe(200);
    const wasm = await get('/console/assets/zxing_reader-0a1b2c.wasm');
    expect(wasm.statusCode).toBe(200);
    // Streaming compilation needs the wasm type.
    expect(wasm.headers['content-type']).toBe('application/wasm');
    const br = await get('/console/assets/console-abc123.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
  });

  it('answers a missing or climbing file as a missing file, never the page or a file outside assets', async () => {
    for (const url of [
      '/console/assets/gone-000000.js',
      '/console/assets/..%2f..%2fsecret.txt',
      '/console/assets/../../secret.txt',
      '/console/index.html',
      '/console/console.html',
      '/console/whatever',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('do-not-serve');
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('answers an unknown console API path with the one JSON error body', async () => {
    const res = await get('/console/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not found' });
  });

  it('leaves the sites their own paths', async () => {
    expect((await get('/mori/')).body).toBe('site page');
    expect((await get('/consoles/')).body).toBe('site page');
  });
});

describe('console SPA before a build', () => {
  it('answers 503 with the strict policy rather than an empty page', async () => {
    const app = Fastify();
    await registerConsoleSpa(app, join(mkdtempSync(join(tmpdir(), 'kippu-no-dist-')), 'dist/'));
    const res = await app.inject({ method: 'GET', url: '/console/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-security-policy']).toBe(CONSOLE_CONTENT_SECURITY_POLICY);
    await app.close();
  });
});
