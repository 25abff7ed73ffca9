import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { Executor } from './coupon-admin-rows.ts';

/**
 * Campaigns in the console (ADR 070): every campaign a site's coupons name, and the visit dates a campaign may
 * limit (`coupon_campaigns`, migration 0400; the visitor side's rule 10, ADR 008).
 */
export interface CampaignRow {
  campaign: string;
  coverage_from: string | null;
  coverage_to: string | null;
  has_coverage: boolean;
  coupon_count: number;
  version: number | null;
}

async function campaigns(tx: Executor, site: string, only?: string): Promise<CampaignRow[]> {
  const { rows } = await tx.execute<CampaignRow & Record<string, unknown>>(sql`
    WITH named AS (
      SELECT campaign, count(*)::int AS coupon_count FROM coupons WHERE site_code = ${site} GROUP BY campaign
    )
    SELECT coalesce(cc.campaign, n.campaign) AS campaign, cc.coverage_from::text AS coverage_from,
      cc.coverage_to::text AS coverage_to, cc.campaign IS NOT NULL AS has_coverage,
      coalesce(n.coupon_count, 0) AS coupon_count, cc.version
    FROM named n
    FULL JOIN (SELECT * FROM coupon_campaigns WHERE site_code = ${site}) cc ON cc.campaign = n.campaign
    ${only === undefined ? sql`` : sql`WHERE coalesce(cc.campaign, n.campaign) = ${only}`}
    ORDER BY 1`);
  return rows;
}

export function listCouponCampaigns(db: Db, site: string): Promise<CampaignRow[]> {
  return campaigns(db, site);
}

/**
 * Sets a campaign's visit dates (both null: no limit). `expectedVersion` null creates the row; a row made or
 * changed by someone else in the meantime answers `console edit conflict`.
 */
export async function putCouponCampaign(
  db: Db,
  actor: AuditActor,
  site: string,
  campaign: string,
  input: { coverage_from: string | null; coverage_to: string | null; expected_version: number | null },
): Promise<CampaignRow> {
  return db.transaction(async (tx) => {
    const before = (await campaigns(tx, site, campaign))[0];
    if (input.expected_version === null) {
      const inserted = await tx.execute(sql`
        INSERT INTO coupon_campaigns (site_code, campaign, coverage_from, coverage_to)
        VALUES (${site}, ${campaign}, ${input.coverage_from}::date, ${input.coverage_to}::date)
        ON CONFLICT (site_code, campaign) DO NOTHING RETURNING campaign`);
      if (inserted.rows.length === 0) {
        throw new AppError('console_edit_conflict', undefined, { current_version: before?.version ?? null });
      }
    } else {
      const updated = await tx.execute(sql`
        UPDATE coupon_campaigns SET coverage_from = ${input.coverage_from}::date,
          coverage_to = ${input.coverage_to}::date, version = version + 1
        WHERE site_code = ${site} AND campaign = ${campaign} AND version = ${input.expected_version}
        RETURNING campaign`);
      if (updated.rows.length === 0) {
        if (!before) throw new AppError('record_not_found');
        throw new AppError('console_edit_conflict', undefined, { current_version: before.version });
      }
    }
    const after = (await campaigns(tx, site, campaign))[0]!;
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'coupon_campaign',
      objectId: campaign,
      action: input.expected_version === null ? 'create' : 'update',
      before: before?.has_coverage
        ? { coverage_from: before.coverage_from, coverage_to: before.coverage_to, version: before.version }
        : undefined,
      after: { coverage_from: after.coverage_from, coverage_to: after.coverage_to, version: after.version },
    });
    return after;
  });
}
