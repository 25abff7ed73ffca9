import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts in the build are already compressed or tiny. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than the response headers weigh. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) next to every compressible build
 * file, once at build time, so the server answers by content negotiation without compressing per request
 * (issue 12; @fastify/static `preCompressed`, apps/server/src/plugins/spa.ts). index.html is compressed by
 * the server per site and language, since it inlines the site's data.
 */
export function precompressAssets(dir: string): { file: string; raw: number; br: number; gz: number }[] {
  const written = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || file.endsWith('index.html')) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    written.push({ file, raw: raw.length, br: br.length, gz: gz.length });
  }
  return written;
}

/** Vite plugin: precompress the output directory after the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kippu-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressAssets(outDir);
    },
  };
}
