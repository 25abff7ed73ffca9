import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  SITE_IMAGE_MAX_BYTES,
  SITE_IMAGE_MAX_SIDE,
  SITE_IMAGE_PATH,
  type SiteImage,
} from '@kippu/contract/console/settings-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { readImageHeader, type ImageMime } from './image-header.ts';

const EXTENSION: Record<ImageMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

const rejected = (message: string) =>
  new AppError('console_image_rejected', undefined, { issues: [{ path: 'body.data_base64', message }] });

/** An image's public, content-addressed URL. */
export const siteImageUrl = (sha256: string, mime: ImageMime) =>
  `${SITE_IMAGE_PATH}/${sha256}.${EXTENSION[mime]}`;

/**
 * Stores an uploaded image (issue 28, ADR 071) after checking it by content: PNG, JPEG or WebP (never SVG),
 * at most SITE_IMAGE_MAX_BYTES, each side 1..SITE_IMAGE_MAX_SIDE pixels. The same bytes are one row.
 * Audited (the hash and size, never the bytes). Anything else answers console_image_rejected with issues.
 */
export async function storeSiteImage(
  db: Db,
  actor: AuditActor,
  input: { site: string; purpose: string; base64: string },
): Promise<SiteImage> {
  const bytes = Buffer.from(input.base64, 'base64');
  if (bytes.length === 0) throw rejected('the file is empty');
  if (bytes.length > SITE_IMAGE_MAX_BYTES) throw rejected('the image is larger than 2 MB');
  const header = readImageHeader(bytes);
  if (!header) throw rejected('not a PNG, JPEG or WebP image');
  const { width, height, mime } = header;
  if (width < 1 || height < 1 || width > SITE_IMAGE_MAX_SIDE || height > SITE_IMAGE_MAX_SIDE) {
    throw rejected(`the image is ${width}×${height}; each side must be 1 to ${SITE_IMAGE_MAX_SIDE} pixels`);
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const image: SiteImage = {
    url: siteImageUrl(sha256, mime),
    sha256,
    mime,
    width,
    height,
    bytes: bytes.length,
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO site_images (sha256, mime, content, byte_size, width, height, site_code, uploaded_by)
      VALUES (${sha256}, ${mime}, ${bytes.toString('base64')}, ${bytes.length}, ${width}, ${height},
              ${input.site}, ${actor.staffId ?? null})
      ON CONFLICT (sha256) DO NOTHING`);
    await recordAudit(tx, {
      actor,
      siteCode: input.site,
      objectType: 'site_image',
      objectId: sha256,
      action: 'upload',
      after: { purpose: input.purpose, ...image },
    });
  });
  return image;
}

/** The bytes of a stored image by its hash, or null. */
export async function readSiteImage(
  db: Db,
  sha256: string,
): Promise<{ mime: ImageMime; bytes: Buffer } | null> {
  const { rows } = await db.execute<{ mime: ImageMime; content: string }>(
    sql`SELECT mime, content FROM site_images WHERE sha256 = ${sha256}`,
  );
  const row = rows[0];
  return row ? { mime: row.mime, bytes: Buffer.from(row.content, 'base64') } : null;
}
