import { sql } from 'drizzle-orm';
import type { CreateApiTokenBody, CreatedApiToken } from '@kippu/contract/console/api-tokens-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { apiTokensWhere } from './api-token-rows.ts';
import { scopeBeyondCreator, type TokenCreator } from './api-token-scope.ts';
import { newApiToken } from './api-token-secret.ts';

/**
 * POST /api-tokens (ADR 088): a token scoped within the creator's own rights, expiring within a year,
 * answered once with its value; the row keeps only the digest. A partner's token names a partner of the
 * organisation (another's answers 404). Audited in the same transaction (never the value nor the digest).
 */
export async function createApiToken(
  db: Db,
  creator: Omit<TokenCreator, 'allSites'>,
  actor: AuditActor,
  body: CreateApiTokenBody,
): Promise<CreatedApiToken> {
  const siteCodes = body.site_codes === null ? null : [...new Set(body.site_codes)].sort();
  // "Every site" includes sites added later: only for a creator who covers every site there is now.
  const { rows: uncovered } = await db.execute(sql`
    SELECT 1 FROM sites WHERE organisation_id = ${creator.organisationId}
      AND NOT (code = ANY(${sql.param([...creator.siteCodes])}::text[])) LIMIT 1`);
  const beyond = scopeBeyondCreator(
    { ...creator, allSites: uncovered.length === 0 },
    { permissions: body.permissions, siteCodes },
  );
  if (beyond) throw new AppError('invalid_request', `the token cannot exceed your own rights: ${beyond}`);
  const { token, prefix, hash } = newApiToken();
  return db.transaction(async (tx) => {
    if (body.partner_id !== undefined) {
      const { rows } = await tx.execute(sql`
        SELECT 1 FROM partners WHERE id = ${body.partner_id} AND organisation_id = ${creator.organisationId}`);
      if (rows.length === 0) throw new AppError('record_not_found');
    }
    if (siteCodes !== null) {
      // The creator's membership names only the organisation's sites; a site since removed is refused here.
      const { rows } = await tx.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM sites
        WHERE organisation_id = ${creator.organisationId} AND code = ANY(${sql.param(siteCodes)}::text[])`);
      if (rows[0]?.n !== siteCodes.length) throw new AppError('record_not_found');
    }
    const { rows } = await tx.execute<{ id: string }>(sql`
      INSERT INTO api_tokens (organisation_id, partner_id, name, token_hash, prefix, permissions, site_codes,
                              expires_at, created_by)
      VALUES (${creator.organisationId}, ${body.partner_id ?? null}, ${body.name}, ${hash}, ${prefix},
              ${JSON.stringify(body.permissions)}::jsonb,
              ${siteCodes === null ? null : sql.param(siteCodes)}::text[],
              now() + make_interval(days => ${body.expires_in_days}), ${creator.staffId})
      RETURNING id`);
    const id = Number(rows[0]!.id);
    const record = (await apiTokensWhere(tx, creator.organisationId, sql`t.id = ${id}`))[0]!;
    await recordAudit(tx, {
      actor,
      organisationId: creator.organisationId,
      objectType: 'api_token',
      objectId: String(id),
      action: 'create',
      after: {
        name: record.name,
        prefix: record.prefix,
        partner_id: record.partner_id,
        permissions: record.permissions,
        site_codes: record.site_codes,
        expires_at: record.expires_at,
      },
    });
    return { record, token };
  });
}
