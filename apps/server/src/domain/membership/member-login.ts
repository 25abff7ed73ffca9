import { sql } from 'drizzle-orm';
import {
  SALES_CHANNELS,
  type MembershipInfo,
  type MembershipLoginBody,
  type SiteCode,
} from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { readSiteSettings } from '../sites/site-settings.ts';
import { findOpenOrder, lockOpenOrder, type WantedOrder } from '../orders/order-lock.ts';
import { setOrderMember } from '../orders/order-row.ts';
import { decoyHash, verifyPassword } from './password-hash.ts';

/**
 * Membership login (issue 11, ADR 032). Only a site with `isUseMembershipLogin` has members; elsewhere
 * both calls answer `record not found`, as an unknown path would.
 */
async function requireMembershipSite(db: Db, site: SiteCode): Promise<void> {
  const settings = await readSiteSettings(db, site);
  if (!settings?.isUseMembershipLogin) throw new AppError('record_not_found');
}

/** The member's discount on an order's gross price: the site promotion's percentage, rounded down. */
export function memberDiscount(grossPrice: number, percent: number): number {
  return Math.floor((grossPrice * percent) / 100);
}

/**
 * POST /membership/login/{id}: checks e-mail and password and ties the member to the open temporary order
 * `{id}`, fixing the site promotion's discount on it (the total, checkout amount and receipt then include
 * it) and the percentage it was fixed at, which a change of date reapplies to the new prices (ADR 040). A
 * change of date's own order takes no login (`no further discounts`): it carries the purchase's terms. A
 * wrong address and a wrong password answer the same `membership login failed` after the same scrypt work,
 * so the answer does not tell which addresses are members.
 */
export async function loginMember(
  db: Db,
  site: SiteCode,
  orderToken: string,
  body: MembershipLoginBody,
): Promise<{ result: true }> {
  await requireMembershipSite(db, site);
  const email = body.email.trim().toLowerCase();
  const { rows } = await db.execute<{ id: string; password_hash: string }>(
    sql`SELECT id, password_hash FROM members WHERE site_code = ${site} AND email = ${email}`,
  );
  const member = rows[0];
  const matches = await verifyPassword(body.password, member?.password_hash ?? (await decoyHash()));
  if (!member || !matches) throw new AppError('membership_login_failed');

  return db.transaction(async (tx) => {
    // An erasure of this member (ADR 124) that committed since the password was checked leaves nothing to
    // link; one that comes later waits for this transaction and unlinks the order. Taken before the order's
    // lock, as the erasure takes the member's before its orders'.
    const { rows: still } = await tx.execute(
      sql`SELECT 1 FROM members WHERE id = ${member.id} FOR KEY SHARE`,
    );
    if (still.length === 0) throw new AppError('membership_login_failed');
    // A change of date's order carries the purchase's member terms, and its top-up is fixed from them
    // (ADR 040): today's promotion on it would make the order say less than the change charges.
    const order = await lockOpenOrder(tx, site, orderToken, {
      kinds: SALES_CHANNELS,
      changeRefusal: 'no_further_discounts',
    });
    const { rows: promotions } = await tx.execute<{ names: unknown; discount_percent: number }>(
      sql`SELECT names, discount_percent FROM membership_promotions WHERE site_code = ${site}`,
    );
    const promotion = promotions[0];
    await setOrderMember(tx, order.id, {
      id: Number(member.id),
      discount: promotion ? memberDiscount(order.price, promotion.discount_percent) : 0,
      promotionNames: promotion ? promotion.names : null,
      percent: promotion?.discount_percent ?? null,
    });
    return { result: true as const };
  });
}

/** The member is read out only through an order a login is taken on: not a change of date's. */
const READ_MEMBER: WantedOrder = { kinds: SALES_CHANNELS, changeRefusal: 'membership_retrieval_failure' };

/**
 * GET /membership/{id}: the logged-in member of the temporary order `{id}`, to pre-fill sign-in (spec §3).
 * The web asks for it only right after a login, so it answers only where a login is taken: an open order
 * (a paid or lapsed one answers as the login would) that is not a change of date's. A change's order
 * carries the purchase's member (ADR 040) and its token reaches the browser, while anyone with a
 * reservation's link may start a change: the member's details are not read out through it. An order
 * nobody logged in to answers `membership retrieval failure`.
 */
export async function membershipInfo(db: Db, site: SiteCode, orderToken: string): Promise<MembershipInfo> {
  await requireMembershipSite(db, site);
  const order = await findOpenOrder(db, site, orderToken, READ_MEMBER);
  if (order.memberId === null) throw new AppError('membership_retrieval_failure');
  const { rows } = await db.execute<MembershipInfo>(sql`
    SELECT name, resident_area, email, phone, age, gender FROM members WHERE id = ${order.memberId}`);
  const row = rows[0];
  if (!row) throw new AppError('membership_retrieval_failure');
  return {
    name: row.name,
    resident_area: row.resident_area,
    email: row.email,
    phone: row.phone,
    age: row.age,
    gender: row.gender,
  };
}
