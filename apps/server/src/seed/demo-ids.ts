import { createHash } from 'node:crypto';

/**
 * A stable UUID (version-5 layout over SHA-1) for a demo record, so every database seeded from this code
 * has the same product UUIDs: links in docs, tests and bookmarks keep working.
 */
export function demoUuid(name: string): string {
  const hash = createHash('sha1').update(`kippu-demo:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export const productUuid = (site: string, key: string) => demoUuid(`product:${site}:${key}`);
export const setProductUuid = (site: string, key: string) => demoUuid(`set-product:${site}:${key}`);
