import { sql, type SQL } from 'drizzle-orm';
import type { MailMagazineField, MailMagazineSubscription, SiteCode } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';

/** The column of each magazine, written out: a field name never becomes SQL text. */
const COLUMN: Record<MailMagazineField, SQL> = {
  mail_magazine: sql`mail_magazine`,
  teamlab_mail_magazine: sql`teamlab_mail_magazine`,
};

/** GET /mailmagazines/{token}: which magazines the token's address still gets; unknown → record not found. */
export async function mailMagazineSubscription(
  db: Db,
  site: SiteCode,
  token: string,
): Promise<MailMagazineSubscription> {
  const { rows } = await db.execute<MailMagazineSubscription>(sql`
    SELECT mail_magazine, teamlab_mail_magazine FROM mail_magazine_subscriptions
    WHERE site_code = ${site} AND token = ${token}`);
  if (!rows[0]) throw new AppError('record_not_found');
  return rows[0];
}

/**
 * PUT /mailmagazines/{token} `{ field_name }`: switches one magazine off in one conditional UPDATE, so of
 * two clicks at once exactly one succeeds; a magazine already off is `mail magazine already unsubscribed`,
 * an unknown token `record not found`.
 */
export async function unsubscribeMailMagazine(
  db: Db,
  site: SiteCode,
  token: string,
  field: MailMagazineField,
): Promise<MailMagazineSubscription> {
  const column = COLUMN[field];
  const { rows } = await db.execute<MailMagazineSubscription>(sql`
    UPDATE mail_magazine_subscriptions SET ${column} = false, updated_at = now()
    WHERE site_code = ${site} AND token = ${token} AND ${column}
    RETURNING mail_magazine, teamlab_mail_magazine`);
  if (rows[0]) return rows[0];
  await mailMagazineSubscription(db, site, token);
  throw new AppError('mail_magazine_already_unsubscribed');
}

/**
 * The unsubscribe token for a mail to `email` on `site`, while the address gets any magazine (a mail to an
 * address that gets none carries no unsubscribe line).
 */
export async function unsubscribeTokenFor(tx: Tx, site: SiteCode, email: string): Promise<string | null> {
  const { rows } = await tx.execute<{ token: string }>(sql`
    SELECT token FROM mail_magazine_subscriptions
    WHERE site_code = ${site} AND lower(email) = lower(${email}) AND (mail_magazine OR teamlab_mail_magazine)`);
  return rows[0]?.token ?? null;
}
