import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { importMembers } from '../domain/membership/import-members.ts';
import { freshDemoSuffix, type DemoSecrets } from './demo-secrets.ts';
import { t6 } from './localized.ts';
import { siteCodesPresent } from './sites.ts';

/** README "Membership login": the demo member of ARTIZON, the one site with isUseMembershipLogin. */
export const DEMO_MEMBER = {
  site: 'ARTIZON',
  email: 'member@kippu.example',
  password: 'kippu-member',
  name: 'Hanako Kippu',
  residentArea: 'tokyo',
  phone: '0312345678',
  age: '30-39',
  gender: 'female',
} as const;

/** The demo member promotion: 20 % off the tickets and add-ons of a member's order. */
const DEMO_PROMOTION = {
  names: t6([
    'キップ友の会 会員割引',
    'Kippu Friends member price',
    'Kippu 之友会员价',
    '킵푸 프렌즈 회원가',
    'Kippu 之友會員價',
    'ราคาสมาชิก Kippu Friends',
  ]),
  discountPercent: 20,
};

/**
 * Inserted when absent, never updated (ADR 013): staff may change the promotion or the member. Both are
 * marked as demo. With fresh secrets (an explicit production demo, ADR 048) the member's password is random
 * and kept nowhere: the README's password never logs in there; staff set one with `npm run import-members`.
 */
export async function seedDemoMembers(db: Db, secrets: DemoSecrets = 'repository'): Promise<void> {
  const present = await siteCodesPresent(db);
  if (!present.has(DEMO_MEMBER.site)) return;
  await db.execute(sql`
    INSERT INTO membership_promotions (site_code, names, discount_percent, is_demo)
    VALUES (${DEMO_MEMBER.site}, ${JSON.stringify(DEMO_PROMOTION.names)}::jsonb, ${DEMO_PROMOTION.discountPercent}, true)
    ON CONFLICT (site_code) DO NOTHING`);
  const { site, ...member } = DEMO_MEMBER;
  const password = secrets === 'fresh' ? freshDemoSuffix(32) : member.password;
  const { added } = await importMembers(db, site, [{ ...member, password }], { update: false });
  if (added > 0) {
    await db.execute(
      sql`UPDATE members SET is_demo = true WHERE site_code = ${site} AND email = ${member.email}`,
    );
  }
}
