import { sql } from 'drizzle-orm';
import type { LangCode } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { insertInvitation, type InvitationRequest } from './create-invitation.ts';

/**
 * Visitors' invitations from the console (issue 27; ADR 020, MORI): what `npm run invite` does, listed and
 * revocable. A revoked invitation's link answers as an unknown one (accept-invitation.ts reads only
 * unrevoked rows); an order it already made stands (refund it as any order).
 */
export interface VisitorInvitation {
  id: number;
  email: string;
  lang: LangCode;
  product_uuid: string;
  product_name: string;
  time_span_id: number;
  starts_at: string;
  ends_at: string;
  tickets: { option_value_id: number; quantity: number }[];
  state: 'sent' | 'accepted' | 'revoked';
  created_at: string;
  revoked_at: string | null;
}

type InvitationRow = {
  id: number;
  email: string;
  lang: LangCode;
  product_uuid: string;
  product_name: string;
  time_span_id: number;
  starts_at: Date | string;
  ends_at: Date | string;
  tickets: { optionValueId: number; quantity: number }[];
  order_id: number | null;
  created_at: Date | string;
  revoked_at: Date | string | null;
};

const SELECT_INVITATIONS = sql`
  SELECT i.id, i.email, i.lang, p.uuid AS product_uuid,
         COALESCE(NULLIF(p.names ->> 'en', ''), p.names ->> 'ja') AS product_name,
         i.time_span_id, s.starts_at, s.ends_at, i.tickets, i.order_id, i.created_at, i.revoked_at
  FROM invitations i JOIN products p ON p.id = i.product_id JOIN time_spans s ON s.id = i.time_span_id`;

function invitation(row: InvitationRow): VisitorInvitation {
  return {
    id: Number(row.id),
    email: row.email,
    lang: row.lang,
    product_uuid: row.product_uuid,
    product_name: row.product_name,
    time_span_id: Number(row.time_span_id),
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    tickets: row.tickets.map((t) => ({ option_value_id: t.optionValueId, quantity: t.quantity })),
    state: row.revoked_at ? 'revoked' : row.order_id ? 'accepted' : 'sent',
    created_at: new Date(row.created_at).toISOString(),
    revoked_at: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
  };
}

/** The site's invitations, newest first; the latest 500 (invitations_site_idx). */
export async function listVisitorInvitations(db: Db, site: string): Promise<VisitorInvitation[]> {
  const { rows } = await db.execute<InvitationRow>(
    sql`${SELECT_INVITATIONS} WHERE i.site_code = ${site} ORDER BY i.created_at DESC, i.id DESC LIMIT 500`,
  );
  return rows.map(invitation);
}

async function readInvitation(tx: Tx, site: string, id: number, lock: boolean) {
  const { rows } = await tx.execute<InvitationRow>(
    sql`${SELECT_INVITATIONS} WHERE i.id = ${id} AND i.site_code = ${site} ${lock ? sql`FOR UPDATE OF i` : sql``}`,
  );
  return rows[0];
}

/** Creates the invitation and queues its mail (the outbox sends it), audited in the same transaction. */
export async function createVisitorInvitation(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  actor: AuditActor,
  request: InvitationRequest,
): Promise<{ invitation: VisitorInvitation; url: string }> {
  return db.transaction(async (tx) => {
    const created = await insertInvitation(tx, env, request);
    const row = invitation((await readInvitation(tx, request.siteCode, created.id, false))!);
    await recordAudit(tx, {
      actor,
      siteCode: request.siteCode,
      objectType: 'visitor_invitation',
      objectId: String(created.id),
      action: 'create',
      after: row,
      personalSubject: `visitor_invitation:${created.id}`,
    });
    return { invitation: row, url: created.url };
  });
}

/** Revokes the site's invitation; revoking again answers the same and records nothing more. */
export async function revokeVisitorInvitation(
  db: Db,
  actor: AuditActor,
  site: string,
  id: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await readInvitation(tx, site, id, true);
    if (!row) throw new AppError('record_not_found');
    if (row.revoked_at !== null) return;
    await tx.execute(sql`UPDATE invitations SET revoked_at = now() WHERE id = ${id}`);
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'visitor_invitation',
      objectId: String(id),
      action: 'revoke',
      before: { state: invitation(row).state },
      after: { state: 'revoked' },
    });
  });
}
