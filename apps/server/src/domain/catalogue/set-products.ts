import { sql, type SQL } from 'drizzle-orm';
import type { LocalizedText } from '@kippu/contract';
import { setProductSchema, type SetProduct } from '@kippu/contract/console/catalogue-extras';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { auditHead } from '../audit/audit-head.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { translationGaps } from './translations.ts';
import { auditedEdit, checkVersion, isForeignKeyViolation } from './versioned.ts';

/** Set products (`set_products`) and the products they are offered with (`set_product_links`). */
export interface SetProductInput {
  names: LocalizedText;
  descriptions: LocalizedText;
  price: number;
  position: number;
  product_ids: number[];
}

type SetProductRow = Omit<SetProduct, 'translation_gaps'>;

async function selectSetProducts(db: Db | Tx, site: string, where: SQL = sql`true`): Promise<SetProduct[]> {
  const { rows } = await db.execute<SetProductRow & Record<string, unknown>>(sql`
    SELECT sp.id, sp.uuid, sp.names, sp.descriptions, sp.price, sp.position, sp.version,
           COALESCE((SELECT json_agg(l.product_id ORDER BY l.product_id)
                     FROM set_product_links l WHERE l.set_product_id = sp.id), '[]') AS product_ids,
           EXISTS (SELECT 1 FROM order_set_products o WHERE o.set_product_id = sp.id) AS in_use
    FROM set_products sp
    WHERE sp.site_code = ${site} AND ${where}
    ORDER BY sp.position, sp.id`);
  return rows.map((row) => ({
    id: row.id,
    uuid: row.uuid,
    names: row.names,
    descriptions: row.descriptions,
    price: row.price,
    position: row.position,
    version: row.version,
    product_ids: row.product_ids,
    in_use: row.in_use,
    translation_gaps: translationGaps([
      ['names', row.names],
      ['descriptions', row.descriptions],
    ]),
  }));
}

export async function listSetProducts(db: Db, site: string): Promise<SetProduct[]> {
  return selectSetProducts(db, site);
}

async function readSetProduct(tx: Tx, site: string, id: number): Promise<SetProduct> {
  const row = (await selectSetProducts(tx, site, sql`sp.id = ${id}`))[0];
  if (!row) throw new AppError('record_not_found');
  return row;
}

/** Locks the site's set product for a write and checks the version the console read. */
async function lockSetProduct(tx: Tx, site: string, id: number, expectedVersion: number | undefined) {
  const { rows } = await tx.execute<{ version: number }>(sql`
    SELECT version FROM set_products WHERE id = ${id} AND site_code = ${site} FOR UPDATE`);
  return checkVersion(rows[0], expectedVersion);
}

/** The links of the set product: every product must be the site's, else a field error on product_ids. */
async function linkProducts(tx: Tx, site: string, id: number, productIds: readonly number[]): Promise<void> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM products
    WHERE site_code = ${site} AND id IN (SELECT jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::int)`);
  if ((rows[0]?.n ?? 0) !== productIds.length) {
    throw new AppError('invalid_request', undefined, {
      issues: [{ path: 'body.product_ids', message: "must be the site's products" }],
    });
  }
  await tx.execute(sql`DELETE FROM set_product_links WHERE set_product_id = ${id}`);
  await tx.execute(sql`
    INSERT INTO set_product_links (set_product_id, product_id)
    SELECT ${id}, value::int FROM jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)`);
}

/** The heads of this use case's audit events (the object's id, the action). */
const audited = auditHead('set_product', setProductSchema);

export async function createSetProduct(
  db: Db,
  actor: AuditActor,
  site: string,
  input: SetProductInput,
): Promise<SetProduct> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO set_products (uuid, site_code, names, descriptions, price, position)
      VALUES (gen_random_uuid(), ${site}, ${JSON.stringify(input.names)}::jsonb,
              ${JSON.stringify(input.descriptions)}::jsonb, ${input.price}, ${input.position})
      RETURNING id`);
    const id = rows[0]!.id;
    await linkProducts(tx, site, id, input.product_ids);
    const after = await readSetProduct(tx, site, id);
    await recordAudit(tx, { ...audited(actor, site, id, 'create'), after });
    return after;
  });
}

/** New texts, price (new sales only: order_set_products keeps its unit_price) and links. */
export async function updateSetProduct(
  db: Db,
  actor: AuditActor,
  site: string,
  id: number,
  input: SetProductInput & { expected_version: number },
): Promise<SetProduct> {
  return auditedEdit(db, {
    lock: (tx) => lockSetProduct(tx, site, id, input.expected_version),
    read: (tx) => readSetProduct(tx, site, id),
    write: async (tx) => {
      await tx.execute(sql`
        UPDATE set_products SET names = ${JSON.stringify(input.names)}::jsonb,
               descriptions = ${JSON.stringify(input.descriptions)}::jsonb, price = ${input.price},
               position = ${input.position}, version = version + 1
        WHERE id = ${id}`);
      await linkProducts(tx, site, id, input.product_ids);
    },
    audit: audited(actor, site, id, 'update'),
  });
}

/** Deletes a set product no order has (`console in use` otherwise: unlink it to stop selling it). */
export async function deleteSetProduct(
  db: Db,
  actor: AuditActor,
  site: string,
  id: number,
  expectedVersion: number | undefined,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await lockSetProduct(tx, site, id, expectedVersion);
      const before = await readSetProduct(tx, site, id);
      if (before.in_use) throw new AppError('console_in_use');
      await tx.execute(sql`DELETE FROM set_products WHERE id = ${id}`);
      await recordAudit(tx, { ...audited(actor, site, id, 'delete'), before });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('console_in_use');
    throw error;
  }
}
