import { sql } from 'drizzle-orm';
import type { PartnerBody, UpdatePartnerBody } from '@kippu/contract/console/partners-schemas';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { partnerOf } from './partner-detail.ts';

/** What the audit log keeps of a partner: its fields and net prices (no personal data of visitors). */
function audited(partner: Awaited<ReturnType<typeof partnerOf>>) {
  return {
    name: partner.name,
    contact_name: partner.contact_name,
    contact_email: partner.contact_email,
    mails_customers: partner.mails_customers,
    active: partner.active,
    net_prices: partner.net_prices.map(({ ticket_type_id, net_price_yen }) => ({
      ticket_type_id,
      net_price_yen,
    })),
  };
}

/** Every ticket type must be the organisation's: another's (or none) answers 404, as a record not found. */
async function requireOwnTicketTypes(tx: Tx, organisationId: number, body: PartnerBody): Promise<void> {
  const ids = body.net_prices.map((price) => price.ticket_type_id);
  if (ids.length === 0) return;
  const { rows } = await tx.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM option_values ov
    JOIN products pr ON pr.id = ov.product_id JOIN sites s ON s.code = pr.site_code
    WHERE ov.id = ANY(${sql.param(ids)}::int[]) AND s.organisation_id = ${organisationId}`);
  if (rows[0]?.n !== ids.length) throw new AppError('record_not_found');
}

async function replaceNetPrices(tx: Tx, partnerId: number, body: PartnerBody): Promise<void> {
  await tx.execute(sql`DELETE FROM partner_net_prices WHERE partner_id = ${partnerId}`);
  for (const price of body.net_prices) {
    await tx.execute(sql`
      INSERT INTO partner_net_prices (partner_id, ticket_type_id, net_price_yen)
      VALUES (${partnerId}, ${price.ticket_type_id}, ${price.net_price_yen})`);
  }
}

/** The unique (organisation_id, name) of migration 0980. */
const NAME_INDEX = 'partners_organisation_id_name_key';

/** A name another partner of the organisation has: 409 `console_code_taken`, not a 500. */
function nameTaken(error: unknown): never {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505' && e.constraint === NAME_INDEX) {
      throw new AppError('console_code_taken', 'partner name taken');
    }
  }
  throw error;
}

/** POST /partners: a new partner with its net prices, audited in the same transaction. */
export async function createPartner(
  db: Db,
  organisationId: number,
  actor: AuditActor,
  body: PartnerBody,
): Promise<number> {
  return db
    .transaction(async (tx) => {
      await requireOwnTicketTypes(tx, organisationId, body);
      const { rows } = await tx.execute<{ id: string }>(sql`
        INSERT INTO partners (organisation_id, name, contact_name, contact_email, mails_customers, active)
        VALUES (${organisationId}, ${body.name}, ${body.contact_name}, ${body.contact_email},
                ${body.mails_customers}, ${body.active})
        RETURNING id`);
      const id = Number(rows[0]!.id);
      await replaceNetPrices(tx, id, body);
      await recordAudit(tx, {
        actor,
        organisationId,
        objectType: 'partner',
        objectId: String(id),
        action: 'create',
        after: audited(await partnerOf(tx, organisationId, id)),
      });
      return id;
    })
    .catch(nameTaken);
}

/**
 * PUT /partners/:id: the whole partner again; its net prices are replaced by the body's. A partner changed
 * since `expected_updated_at` answers `console_edit_conflict`; another organisation's answers 404.
 */
export async function updatePartner(
  db: Db,
  organisationId: number,
  actor: AuditActor,
  partnerId: number,
  body: UpdatePartnerBody,
): Promise<void> {
  await db
    .transaction(async (tx) => {
      const { rows: locked } = await tx.execute(sql`
        SELECT id FROM partners WHERE id = ${partnerId} AND organisation_id = ${organisationId} FOR UPDATE`);
      if (locked.length === 0) throw new AppError('record_not_found');
      const before = await partnerOf(tx, organisationId, partnerId);
      if (before.updated_at !== body.expected_updated_at) throw new AppError('console_edit_conflict');
      await requireOwnTicketTypes(tx, organisationId, body);
      await tx.execute(sql`
        UPDATE partners SET name = ${body.name}, contact_name = ${body.contact_name},
          contact_email = ${body.contact_email}, mails_customers = ${body.mails_customers},
          active = ${body.active}, updated_at = clock_timestamp()
        WHERE id = ${partnerId}`);
      await replaceNetPrices(tx, partnerId, body);
      await recordAudit(tx, {
        actor,
        organisationId,
        objectType: 'partner',
        objectId: String(partnerId),
        action: 'update',
        before: audited(before),
        after: audited(await partnerOf(tx, organisationId, partnerId)),
      });
    })
    .catch(nameTaken);
}
