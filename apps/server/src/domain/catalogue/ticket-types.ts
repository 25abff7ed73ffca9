import { sql } from 'drizzle-orm';
import type { LocalizedText } from '@kippu/contract';
import { ticketTypeSchema, type ProductDetail } from '@kippu/contract/console/catalogue-products';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { auditHead } from '../audit/audit-head.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { lockProduct, readCatalogueProduct, touchProduct } from './products.ts';
import { checkVersion, isForeignKeyViolation } from './versioned.ts';

/**
 * Ticket types (`option_values`) of a product. A price applies to sales from now on: an order keeps the
 * price it was sold at in `order_lines.unit_price` and `orders.price`, which nothing here touches.
 * Every answer is the whole product, so the editor has every version fresh.
 */
interface TicketTypeInput {
  names: LocalizedText;
  price: number;
}

interface TicketTypeRow {
  id: number;
  product_id: number;
  names: LocalizedText;
  price: number;
  position: number;
  version: number;
}

/** The site's ticket type, locked, at the version the console read. */
async function lockTicketType(
  tx: Tx,
  site: string,
  id: number,
  expectedVersion: number | undefined,
): Promise<TicketTypeRow> {
  const { rows } = await tx.execute<TicketTypeRow & Record<string, unknown>>(sql`
    SELECT ov.id, ov.product_id, ov.names, ov.price, ov.position, ov.version
    FROM option_values ov JOIN products p ON p.id = ov.product_id
    WHERE ov.id = ${id} AND p.site_code = ${site}
    FOR UPDATE OF ov`);
  return checkVersion(rows[0], expectedVersion);
}

/** The heads of this use case's audit events (the object's id, the action). */
const audited = auditHead('option_value', ticketTypeSchema);

const ticketTypeOf = (product: ProductDetail, id: number) => product.ticket_types.find((t) => t.id === id);

/** A ticket type added last to the product (`expectedVersion`: the product's). */
export async function createTicketType(
  db: Db,
  actor: AuditActor,
  site: string,
  productId: number,
  input: TicketTypeInput & { expected_version: number },
): Promise<ProductDetail> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, site, productId, input.expected_version);
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO option_values (product_id, names, price, position)
      VALUES (${productId}, ${JSON.stringify(input.names)}::jsonb, ${input.price},
              COALESCE((SELECT max(position) + 1 FROM option_values WHERE product_id = ${productId}), 0))
      RETURNING id`);
    const id = rows[0]!.id;
    await touchProduct(tx, productId);
    const product = await readCatalogueProduct(tx, site, productId);
    await recordAudit(tx, { ...audited(actor, site, id, 'create'), after: ticketTypeOf(product, id) });
    return product;
  });
}

/** New names and price (`expectedVersion`: the ticket type's); sold orders keep their price. */
export async function updateTicketType(
  db: Db,
  actor: AuditActor,
  site: string,
  id: number,
  input: TicketTypeInput & { expected_version: number },
): Promise<ProductDetail> {
  return db.transaction(async (tx) => {
    const row = await lockTicketType(tx, site, id, input.expected_version);
    const before = ticketTypeOf(await readCatalogueProduct(tx, site, row.product_id), id);
    await tx.execute(sql`
      UPDATE option_values SET names = ${JSON.stringify(input.names)}::jsonb, price = ${input.price},
                               version = version + 1
      WHERE id = ${id}`);
    await tx.execute(sql`UPDATE products SET updated_at = now() WHERE id = ${row.product_id}`);
    const product = await readCatalogueProduct(tx, site, row.product_id);
    await recordAudit(tx, {
      ...audited(actor, site, id, 'update'),
      before,
      after: ticketTypeOf(product, id),
    });
    return product;
  });
}

/**
 * Removes a ticket type no order line has (`console in use` otherwise: it stays for those orders). A
 * published product keeps at least one (publishing needs one too): its last answers a field error.
 */
export async function deleteTicketType(
  db: Db,
  actor: AuditActor,
  site: string,
  id: number,
  expectedVersion: number | undefined,
): Promise<ProductDetail> {
  try {
    return await db.transaction(async (tx) => {
      const row = await lockTicketType(tx, site, id, expectedVersion);
      // The product is locked too: its version moves, as when a ticket type is added.
      await tx.execute(sql`SELECT id FROM products WHERE id = ${row.product_id} FOR UPDATE`);
      const product = await readCatalogueProduct(tx, site, row.product_id);
      const before = ticketTypeOf(product, id);
      if (before?.in_use) throw new AppError('console_in_use');
      if (product.status === 'published' && product.ticket_types.length === 1) {
        throw new AppError('invalid_request', undefined, {
          issues: [{ path: 'ticket_types', message: 'a published product keeps a ticket type' }],
        });
      }
      await tx.execute(sql`DELETE FROM option_values WHERE id = ${id}`);
      await touchProduct(tx, row.product_id);
      await recordAudit(tx, { ...audited(actor, site, id, 'delete'), before });
      return readCatalogueProduct(tx, site, row.product_id);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('console_in_use');
    throw error;
  }
}

/** The product's ticket types in a new order: `ids` must name each of them once (`expectedVersion`: the product's). */
export async function reorderTicketTypes(
  db: Db,
  actor: AuditActor,
  site: string,
  productId: number,
  input: { expected_version: number; ids: readonly number[] },
): Promise<ProductDetail> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, site, productId, input.expected_version);
    const before = await readCatalogueProduct(tx, site, productId);
    const current = before.ticket_types.map((t) => t.id);
    const same =
      current.length === input.ids.length &&
      new Set(input.ids).size === input.ids.length &&
      input.ids.every((id) => current.includes(id));
    if (!same) {
      throw new AppError('invalid_request', undefined, {
        issues: [{ path: 'body.ids', message: "must list each of the product's ticket types once" }],
      });
    }
    for (const [position, id] of input.ids.entries()) {
      await tx.execute(sql`UPDATE option_values SET position = ${position} WHERE id = ${id}`);
    }
    await touchProduct(tx, productId);
    const after = await readCatalogueProduct(tx, site, productId);
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'product',
      objectId: String(productId),
      action: 'reorder_ticket_types',
      before: { order: current },
      after: { order: after.ticket_types.map((t) => t.id) },
    });
    return after;
  });
}
