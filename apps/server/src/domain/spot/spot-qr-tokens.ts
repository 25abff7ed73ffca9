import { randomToken } from '../../shared/random-token.ts';
import { sql } from 'drizzle-orm';
import type { SiteCode } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';

/**
 * Spot QR tokens (ADR 031): the token a poster at the venue carries, naming one product of one site, with
 * an expiry. This file is the one place tokens are issued, rotated and resolved.
 */

/** How long a new token sells unless staff say otherwise: a poster is reprinted about once a season. */
export const DEFAULT_SPOT_QR_DAYS = 90;

export interface SpotQrToken {
  token: string;
  productUuid: string;
  expiresAt: Date;
}

/** The product a valid token names. */
export interface SpotProduct {
  productId: number;
  productUuid: string;
  expiresAt: Date;
}

/**
 * Resolves the visitor's `qr_token` on this site: unknown (or another site's) → 'record not found',
 * past its expiry or rotated away → 'spot qrCode has expired', product no longer sold on the spot
 * channel → 'invalid channel'.
 */
export async function resolveSpotQrToken(
  db: Db,
  site: SiteCode,
  token: string,
  now: Date = new Date(),
): Promise<SpotProduct> {
  const { rows } = await db.$client.query<{
    product_id: number;
    uuid: string;
    expires_at: Date;
    spot: boolean;
  }>(
    `SELECT q.product_id, p.uuid, q.expires_at, 'spot' = ANY (p.sale_channels) AS spot
     FROM spot_qr_tokens q JOIN products p ON p.id = q.product_id
     WHERE q.token = $1 AND q.site_code = $2`,
    [token, site],
  );
  const row = rows[0];
  if (!row) throw new AppError('record_not_found');
  if (row.expires_at <= now) throw new AppError('spot_qr_expired');
  if (!row.spot) throw new AppError('invalid_channel');
  return { productId: row.product_id, productUuid: row.uuid, expiresAt: row.expires_at };
}

async function spotProductId(db: Pick<Db, 'execute'>, site: SiteCode, productUuid: string): Promise<number> {
  const { rows } = await db.execute<{ id: number; spot: boolean }>(
    sql`SELECT id, 'spot' = ANY (sale_channels) AS spot FROM products
        WHERE site_code = ${site} AND uuid = ${productUuid} FOR UPDATE`,
  );
  const product = rows[0];
  if (!product) throw new AppError('record_not_found');
  if (!product.spot) throw new AppError('invalid_channel');
  return product.id;
}

/**
 * Rotates the product's token: the earlier tokens end now (a photographed or stolen poster stops
 * selling) and a new one is valid for `validDays`. The product row is locked, so two staff rotating at
 * once leave exactly one valid token.
 */
export async function rotateSpotQrToken(db: Db, input: RotateSpotQrInput): Promise<SpotQrToken> {
  return db.transaction((tx) => rotateSpotQrTokenIn(tx, input));
}

type RotateSpotQrInput = { site: SiteCode; productUuid: string; validDays?: number; now?: Date };

/** rotateSpotQrToken inside the caller's transaction (the console audits the rotation in it). */
export async function rotateSpotQrTokenIn(tx: Tx, input: RotateSpotQrInput): Promise<SpotQrToken> {
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + (input.validDays ?? DEFAULT_SPOT_QR_DAYS) * 86_400_000);
  const productId = await spotProductId(tx, input.site, input.productUuid);
  await tx.execute(
    sql`UPDATE spot_qr_tokens SET expires_at = ${now.toISOString()}::timestamptz
        WHERE product_id = ${productId} AND expires_at > ${now.toISOString()}::timestamptz`,
  );
  const token = randomToken();
  await tx.execute(
    sql`INSERT INTO spot_qr_tokens (site_code, product_id, token, created_at, expires_at)
        VALUES (${input.site}, ${productId}, ${token}, ${now.toISOString()}::timestamptz,
                ${expiresAt.toISOString()}::timestamptz)`,
  );
  return { token, productUuid: input.productUuid, expiresAt };
}

/** The product's valid token, issuing one when it has none (the CLI without --rotate, the demo seed). */
export async function currentSpotQrToken(
  db: Db,
  input: { site: SiteCode; productUuid: string; validDays?: number },
): Promise<SpotQrToken> {
  const { rows } = await db.$client.query<{ token: string; expires_at: Date }>(
    `SELECT q.token, q.expires_at FROM spot_qr_tokens q JOIN products p ON p.id = q.product_id
     WHERE p.site_code = $1 AND p.uuid = $2 AND q.expires_at > now() AND 'spot' = ANY (p.sale_channels)
     ORDER BY q.expires_at DESC LIMIT 1`,
    [input.site, input.productUuid],
  );
  const row = rows[0];
  if (row) return { token: row.token, productUuid: input.productUuid, expiresAt: row.expires_at };
  return rotateSpotQrToken(db, input);
}

/** The site's products sold on the spot channel, in display order (what posters can be printed for). */
export async function spotProductsOf(db: Db, site: SiteCode): Promise<{ uuid: string; name: string }[]> {
  const { rows } = await db.$client.query<{ uuid: string; name: string }>(
    `SELECT uuid, COALESCE(NULLIF(names ->> 'en', ''), names ->> 'ja') AS name FROM products
     WHERE site_code = $1 AND 'spot' = ANY (sale_channels) ORDER BY position, id`,
    [site],
  );
  return rows;
}
