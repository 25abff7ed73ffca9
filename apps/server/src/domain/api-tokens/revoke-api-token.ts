import { sql } from 'drizzle-orm';
import type { ApiToken } from '@kippu/contract/console/api-tokens-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { coveredBy, type TokenViewer } from './api-token-coverage.ts';
import { apiTokensWhere } from './api-token-rows.ts';

/**
 * DELETE /api-tokens/:id: the token stops working at once (the next call answers 401). Revoking a revoked
 * token answers it again, unchanged and not audited twice; another organisation's token, or one whose sites the
 * member does not all cover (an every-site token for a member who does not cover every site), is 404.
 */
export async function revokeApiToken(
  db: Db,
  viewer: TokenViewer,
  staffId: number | null,
  actor: AuditActor,
  tokenId: number,
): Promise<ApiToken> {
  const { organisationId } = viewer;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      UPDATE api_tokens t SET revoked_at = now(), revoked_by = ${staffId}
      WHERE t.id = ${tokenId} AND t.organisation_id = ${organisationId} AND t.revoked_at IS NULL
        AND ${coveredBy(viewer)}
      RETURNING t.id`);
    const record = (
      await apiTokensWhere(tx, organisationId, sql`t.id = ${tokenId} AND ${coveredBy(viewer)}`)
    )[0];
    if (!record) throw new AppError('record_not_found');
    if (rows.length > 0) {
      await recordAudit(tx, {
        actor,
        organisationId,
        objectType: 'api_token',
        objectId: String(tokenId),
        action: 'revoke',
        before: { name: record.name, prefix: record.prefix },
      });
    }
    return record;
  });
}
