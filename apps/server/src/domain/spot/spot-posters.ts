import { sql } from 'drizzle-orm';
import { siteSlug } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { siteUrl, spotOrderPath, spotPosterPath } from '../links.ts';
import { rotateSpotQrTokenIn } from './spot-qr-tokens.ts';

/**
 * Spot posters from the console (issue 27): the tokens of ADR 031 per spot product, issued and revoked as
 * `npm run spot-qr` does, each change audited in its transaction. The poster itself is the site's poster
 * page (`spotPosterPath`), the same one the CLI prints a link to: staff open it and print it.
 */
export interface SpotPosterToken {
  id: number;
  token: string;
  created_at: string;
  expires_at: string;
  valid: boolean;
  poster_url: string;
  order_url: string;
}

type Links = Pick<Env, 'PUBLIC_URL' | 'PORT'>;

/** Tokens shown per product: the valid one and the last few that ended (why a poster stopped selling). */
const TOKENS_SHOWN = 5;

function posterToken(
  env: Links,
  site: string,
  productUuid: string,
  row: { id: number; token: string; created_at: Date | string; expires_at: Date | string; valid: boolean },
): SpotPosterToken {
  const slug = siteSlug(site);
  return {
    id: Number(row.id),
    token: row.token,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    valid: row.valid,
    poster_url: siteUrl(env, slug, spotPosterPath(productUuid, row.token)),
    order_url: siteUrl(env, slug, spotOrderPath(row.token)),
  };
}

/**
 * The site's published spot products, in display order, each with its newest tokens. One statement. A draft
 * or retired product sells nothing (ADR 068), so it gets no poster: its tokens, if any, sell nothing either.
 */
export async function listSpotPosters(
  db: Db,
  env: Links,
  site: string,
): Promise<{ product_uuid: string; product_name: string; tokens: SpotPosterToken[] }[]> {
  const { rows } = await db.execute<{
    uuid: string;
    name: string;
    tokens: { id: number; token: string; created_at: string; expires_at: string; valid: boolean }[];
  }>(sql`
    SELECT p.uuid, COALESCE(NULLIF(p.names ->> 'en', ''), p.names ->> 'ja') AS name,
           COALESCE((SELECT json_agg(t ORDER BY t.created_at DESC, t.id DESC) FROM (
             SELECT q.id, q.token, q.created_at, q.expires_at, q.expires_at > now() AS valid
             FROM spot_qr_tokens q WHERE q.product_id = p.id
             ORDER BY q.created_at DESC, q.id DESC LIMIT ${TOKENS_SHOWN}) t), '[]'::json) AS tokens
    FROM products p
    WHERE p.site_code = ${site} AND 'spot' = ANY (p.sale_channels) AND p.status = 'published'
    ORDER BY p.position, p.id`);
  return rows.map((row) => ({
    product_uuid: row.uuid,
    product_name: row.name,
    tokens: row.tokens.map((token) => posterToken(env, site, row.uuid, token)),
  }));
}

/**
 * A new poster token for the product; its earlier tokens end at once (the CLI's `--rotate`). A product the
 * list leaves out (draft or retired) is not found, as another site's.
 */
export async function createSpotPoster(
  db: Db,
  env: Links,
  actor: AuditActor,
  input: { site: string; productUuid: string; validDays?: number },
): Promise<SpotPosterToken> {
  return db.transaction(async (tx) => {
    const { rows: products } = await tx.execute<{ published: boolean }>(sql`
      SELECT status = 'published' AS published FROM products
      WHERE site_code = ${input.site} AND uuid = ${input.productUuid}`);
    if (!products[0]?.published) throw new AppError('record_not_found');
    const rotated = await rotateSpotQrTokenIn(tx, input);
    const { rows } = await tx.execute<{ id: number; created_at: Date | string }>(
      sql`SELECT id, created_at FROM spot_qr_tokens WHERE token = ${rotated.token}`,
    );
    const row = rows[0]!;
    await recordAudit(tx, {
      actor,
      siteCode: input.site,
      objectType: 'spot_poster',
      objectId: String(row.id),
      action: 'create',
      after: { product_uuid: input.productUuid, expires_at: rotated.expiresAt.toISOString() },
    });
    return posterToken(env, input.site, input.productUuid, {
      id: row.id,
      token: rotated.token,
      created_at: row.created_at,
      expires_at: rotated.expiresAt,
      valid: true,
    });
  });
}

/**
 * Ends the site's token now: its poster stops selling ('spot qrCode has expired'). A token that already
 * ended answers as revoked and records nothing; another site's id is not found.
 */
export async function revokeSpotPoster(db: Db, actor: AuditActor, site: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ expires_at: Date | string; valid: boolean; uuid: string }>(sql`
      SELECT q.expires_at, q.expires_at > now() AS valid, p.uuid FROM spot_qr_tokens q
      JOIN products p ON p.id = q.product_id
      WHERE q.id = ${id} AND q.site_code = ${site} FOR UPDATE OF q`);
    const row = rows[0];
    if (!row) throw new AppError('record_not_found');
    if (!row.valid) return;
    await tx.execute(sql`UPDATE spot_qr_tokens SET expires_at = now() WHERE id = ${id}`);
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'spot_poster',
      objectId: String(id),
      action: 'revoke',
      before: { product_uuid: row.uuid, expires_at: new Date(row.expires_at).toISOString() },
      after: { product_uuid: row.uuid, revoked: true },
    });
  });
}
