import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { demoImageEndpoint, isDemoImageFile } from '@kippu/contract/endpoints/demo-images';
import { registerEndpoint } from '../../plugins/register-endpoint.ts';
import { AppError } from '../../shared/app-error.ts';

// src/features/demo-images → apps/server/assets; dist/ keeps the same depth (build.ts).
const IMAGE_DIR = new URL('../../../assets/images/', import.meta.url);

/**
 * The demo sites' drawn images at `/images/<file>` (issue 32, ADR 105): the app-download modal's artwork
 * that the seeded settings name. Only the files the contract lists are read (any other name is a 404, so no
 * path reaches the disk unchecked); public, outside every site, cached for an hour (a
 * redrawn image keeps its name).
 */
export async function demoImageRoutes(app: FastifyInstance): Promise<void> {
  const cache = new Map<string, Buffer>();
  registerEndpoint(app, demoImageEndpoint, { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params;
    if (!isDemoImageFile(file)) throw new AppError('record_not_found');
    let bytes = cache.get(file);
    if (!bytes) {
      bytes = await readFile(new URL(file, IMAGE_DIR));
      cache.set(file, bytes);
    }
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
