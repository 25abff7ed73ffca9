import { sql } from 'drizzle-orm';
import type { LocalizedText } from '@kippu/contract';
import {
  membershipPromotionSchema,
  type MembershipPromotionResponse,
} from '@kippu/contract/console/catalogue-extras';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { auditHead } from '../audit/audit-head.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { translationGaps } from './translations.ts';
import { checkVersion } from './versioned.ts';

/**
 * The site's member price (`membership_promotions`, one row per site): applied at membership login
 * (domain/membership/member-login.ts) to orders from then on; an order keeps the discount it was given.
 */
async function readPromotion(db: Db | Tx, site: string): Promise<MembershipPromotionResponse> {
  const { rows } = await db.execute<{
    membership_login: boolean;
    names: LocalizedText | null;
    discount_percent: number | null;
    version: number | null;
  }>(sql`
    SELECT COALESCE((s.settings->>'isUseMembershipLogin')::boolean, false) AS membership_login,
           mp.names, mp.discount_percent, mp.version
    FROM sites s LEFT JOIN membership_promotions mp ON mp.site_code = s.code
    WHERE s.code = ${site}`);
  const row = rows[0];
  if (!row) throw new AppError('record_not_found');
  return {
    membership_login: row.membership_login,
    promotion:
      row.names === null || row.discount_percent === null || row.version === null
        ? null
        : {
            names: row.names,
            discount_percent: row.discount_percent,
            version: row.version,
            translation_gaps: translationGaps([['names', row.names]]),
          },
  };
}

export async function getMembershipPromotion(db: Db, site: string): Promise<MembershipPromotionResponse> {
  return readPromotion(db, site);
}

/** The heads of the promotion's audit events: a site has one at most, so its id is the site's code. */
const audited = auditHead('membership_promotion', membershipPromotionSchema);

/** The promotion's version, locked, checked against what the console read (null: the site has none yet). */
async function lockPromotion(tx: Tx, site: string, expected: number | null | undefined): Promise<void> {
  // The site row is locked first: two first-time writers serialize here instead of racing the insert.
  await tx.execute(sql`SELECT code FROM sites WHERE code = ${site} FOR UPDATE`);
  const { rows } = await tx.execute<{ version: number }>(
    sql`SELECT version FROM membership_promotions WHERE site_code = ${site} FOR UPDATE`,
  );
  if (expected === null) {
    if (rows[0]) throw new AppError('console_edit_conflict', undefined, { current_version: rows[0].version });
    return;
  }
  checkVersion(rows[0], expected);
}

/** Creates or edits the promotion; refused (a field error) where the site does not use membership login. */
export async function putMembershipPromotion(
  db: Db,
  actor: AuditActor,
  site: string,
  input: { names: LocalizedText; discount_percent: number; expected_version: number | null },
): Promise<MembershipPromotionResponse> {
  return db.transaction(async (tx) => {
    await lockPromotion(tx, site, input.expected_version);
    const before = await readPromotion(tx, site);
    if (!before.membership_login) {
      throw new AppError('invalid_request', undefined, {
        issues: [{ path: 'membership_login', message: 'the site does not use membership login' }],
      });
    }
    await tx.execute(sql`
      INSERT INTO membership_promotions (site_code, names, discount_percent)
      VALUES (${site}, ${JSON.stringify(input.names)}::jsonb, ${input.discount_percent})
      ON CONFLICT (site_code) DO UPDATE
        SET names = EXCLUDED.names, discount_percent = EXCLUDED.discount_percent,
            version = membership_promotions.version + 1`);
    const after = await readPromotion(tx, site);
    await recordAudit(tx, {
      ...audited(actor, site, site, before.promotion ? 'update' : 'create'),
      ...(before.promotion ? { before: before.promotion } : {}),
      after: after.promotion,
    });
    return after;
  });
}

/** Ends the promotion: later membership logins give no discount. */
export async function deleteMembershipPromotion(
  db: Db,
  actor: AuditActor,
  site: string,
  expectedVersion: number | undefined,
): Promise<MembershipPromotionResponse> {
  return db.transaction(async (tx) => {
    await lockPromotion(tx, site, expectedVersion);
    const before = await readPromotion(tx, site);
    await tx.execute(sql`DELETE FROM membership_promotions WHERE site_code = ${site}`);
    await recordAudit(tx, { ...audited(actor, site, site, 'delete'), before: before.promotion });
    return readPromotion(tx, site);
  });
}
