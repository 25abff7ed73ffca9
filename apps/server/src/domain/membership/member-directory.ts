import { sql } from 'drizzle-orm';
import type { ConsoleMember, ErasedMember } from '@kippu/contract/console/operations-members';
import type { SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';

const DEFAULT_PAGE = 50;

/** `q` as a LIKE pattern's literal text: its own % and _ match themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type MemberRow = {
  id: string;
  email: string;
  name: string;
  phone: string;
  resident_area: string;
  age: string;
  gender: string;
  created_at: Date;
  orders: number;
  last_order_at: Date | null;
};

/**
 * The site's members, newest first (ADR 124): `q` finds an address by its start (addresses are stored
 * lower-cased, as the import and the login match them) or a name by any part. A page past `cursor` (an id).
 */
export async function listMembers(
  db: Db,
  site: SiteCode,
  query: { q?: string; cursor?: string; limit?: number },
): Promise<{ members: ConsoleMember[]; next_cursor: string | null }> {
  const limit = query.limit ?? DEFAULT_PAGE;
  const q = query.q ? likeLiteral(query.q) : undefined;
  const { rows } = await db.execute<MemberRow>(sql`
    SELECT m.id, m.email, m.name, m.phone, m.resident_area, m.age, m.gender, m.created_at,
           count(o.id)::int AS orders, max(o.created_at) AS last_order_at
    FROM members m
    LEFT JOIN orders o ON o.member_id = m.id
    WHERE m.site_code = ${site}
      ${q ? sql`AND (m.email LIKE lower(${q}) || '%' OR m.name ILIKE '%' || ${q} || '%')` : sql``}
      ${query.cursor ? sql`AND m.id < ${query.cursor}::bigint` : sql``}
    GROUP BY m.id
    ORDER BY m.id DESC
    LIMIT ${limit + 1}`);
  const page = rows.slice(0, limit);
  return {
    members: page.map((row) => ({
      id: Number(row.id),
      email: row.email,
      name: row.name,
      phone: row.phone,
      resident_area: row.resident_area,
      age: row.age,
      gender: row.gender,
      created_at: new Date(row.created_at).toISOString(),
      orders: row.orders,
      last_order_at: row.last_order_at ? new Date(row.last_order_at).toISOString() : null,
    })),
    next_cursor: rows.length > limit ? String(page.at(-1)!.id) : null,
  };
}

/**
 * A member asked for their account to be deleted (APPI art. 35; GDPR art. 17; ADR 124): the row goes, with
 * its address, name, details and password; the orders they made while signed in stay (the venue's records of
 * sales) and lose the link. What a purchase itself holds (its form) is the purchase's erasure (ADR 122).
 * Audited with the count only: the log names no one.
 */
export async function eraseMember(
  db: Db,
  actor: AuditActor,
  site: SiteCode,
  memberId: number,
): Promise<ErasedMember> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      SELECT id FROM members WHERE id = ${memberId} AND site_code = ${site} FOR UPDATE`);
    if (!rows[0]) throw new AppError('record_not_found');
    // A member's login writes member_id onto an open order under its row lock: these wait, or come after.
    const unlinked = await tx.execute(sql`UPDATE orders SET member_id = NULL WHERE member_id = ${memberId}`);
    await tx.execute(sql`DELETE FROM members WHERE id = ${memberId}`);
    const erased = { orders_unlinked: unlinked.rowCount ?? 0 };
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'member',
      objectId: String(memberId),
      action: 'member_erased',
      after: erased,
    });
    return { erased };
  });
}
