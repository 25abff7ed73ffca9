import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { copyRoleTemplates } from './roles.ts';

export interface Organisation {
  id: number;
  code: string;
  name: string;
  refundLimitYen: number;
}

type OrganisationRow = {
  id: number | string;
  code: string;
  name: string;
  refund_limit_yen: number;
};

const organisationOf = (row: OrganisationRow): Organisation => ({
  id: Number(row.id),
  code: row.code,
  name: row.name,
  refundLimitYen: row.refund_limit_yen,
});

export async function organisationByCode(db: Db | Tx, code: string): Promise<Organisation | null> {
  const { rows } = await db.execute<OrganisationRow>(
    sql`SELECT id, code, name, refund_limit_yen FROM organisations WHERE code = ${code}`,
  );
  return rows[0] ? organisationOf(rows[0]) : null;
}

export async function organisationById(db: Db | Tx, id: number): Promise<Organisation | null> {
  const { rows } = await db.execute<OrganisationRow>(
    sql`SELECT id, code, name, refund_limit_yen FROM organisations WHERE id = ${id}`,
  );
  return rows[0] ? organisationOf(rows[0]) : null;
}

/**
 * The organisation with `code`, made (with its copies of the role templates) when absent. Its role
 * copies are completed either way, so an organisation made by SQL or before a template was added gets them.
 */
export async function ensureOrganisation(
  tx: Tx | Db,
  input: { code: string; name: string },
): Promise<{ organisation: Organisation; created: boolean }> {
  const inserted = await tx.execute<OrganisationRow>(sql`
    INSERT INTO organisations (code, name) VALUES (${input.code}, ${input.name})
    ON CONFLICT (code) DO NOTHING
    RETURNING id, code, name, refund_limit_yen`);
  const organisation = inserted.rows[0]
    ? organisationOf(inserted.rows[0])
    : await organisationByCode(tx, input.code);
  if (!organisation) throw new Error(`organisation ${input.code} vanished while being made`);
  await copyRoleTemplates(tx, organisation.id);
  return { organisation, created: inserted.rows.length > 0 };
}

/** The codes of the organisation's sites, in their display order. */
export async function organisationSiteCodes(db: Db | Tx, organisationId: number): Promise<string[]> {
  const { rows } = await db.execute<{ code: string }>(
    sql`SELECT code FROM sites WHERE organisation_id = ${organisationId} ORDER BY position, code`,
  );
  return rows.map((row) => row.code);
}
