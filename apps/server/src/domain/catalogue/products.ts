import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { LocalizedText, ProductType, SalesChannel } from '@kippu/contract';
import {
  productDetailSchema,
  type ProductDetail,
  type ProductStatus,
  type ProductSummary,
  type TicketType,
  type createProductBodySchema,
  type productFieldsSchema,
} from '@kippu/contract/console/catalogue-products';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { auditHead } from '../audit/audit-head.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { translationGaps, translationIssues } from './translations.ts';
import { auditedEdit, checkVersion, isForeignKeyViolation, isoOf } from './versioned.ts';

export type ProductFieldsInput = z.output<typeof productFieldsSchema>;
export type CreateProductInput = z.output<typeof createProductBodySchema>;

/** A product row with its ticket types and set product links, as one query reads them. */
interface ProductRow {
  id: number;
  uuid: string;
  product_type: ProductType;
  names: LocalizedText;
  descriptions: LocalizedText;
  cautions: LocalizedText;
  image_url: string | null;
  sale_channels: SalesChannel[];
  min_quantity: number;
  max_quantity: number;
  position: number;
  sale_starts_at: Date | string | null;
  sale_ends_at: Date | string | null;
  date_changeable: boolean;
  date_change_until_minutes: number;
  date_change_group: string | null;
  entry_opens_minutes_before: number;
  entry_closes_minutes_after: number;
  status: ProductStatus;
  version: number;
  updated_at: Date | string;
  ticket_types: TicketType[];
  set_product_ids: number[];
  waiting_room_enabled: boolean;
  waiting_room_opens_at: Date | string | null;
  waiting_room_admit_per_minute: number | null;
}

const PRODUCT_COLUMNS = sql`
  p.id, p.uuid, p.product_type, p.names, p.descriptions, p.cautions, p.image_url, p.sale_channels,
  p.min_quantity, p.max_quantity, p.position, p.sale_starts_at, p.sale_ends_at, p.date_changeable,
  p.date_change_until_minutes, p.date_change_group, p.entry_opens_minutes_before, p.entry_closes_minutes_after,
  p.status, p.version, p.updated_at,
  p.waiting_room_enabled, p.waiting_room_opens_at, p.waiting_room_admit_per_minute,
  COALESCE((SELECT json_agg(json_build_object(
              'id', ov.id, 'names', ov.names, 'price', ov.price, 'position', ov.position, 'version', ov.version,
              'in_use', EXISTS (SELECT 1 FROM order_lines ol WHERE ol.option_value_id = ov.id))
            ORDER BY ov.position, ov.id)
            FROM option_values ov WHERE ov.product_id = p.id), '[]') AS ticket_types,
  COALESCE((SELECT json_agg(l.set_product_id ORDER BY l.set_product_id)
            FROM set_product_links l WHERE l.product_id = p.id), '[]') AS set_product_ids`;

async function selectProducts(db: Db | Tx, site: string, where: SQL = sql`true`): Promise<ProductRow[]> {
  const { rows } = await db.execute<ProductRow & Record<string, unknown>>(sql`
    SELECT ${PRODUCT_COLUMNS} FROM products p
    WHERE p.site_code = ${site} AND ${where}
    ORDER BY p.position, p.id`);
  return rows;
}

function gapsOf(row: Pick<ProductRow, 'names' | 'descriptions' | 'cautions' | 'ticket_types'>) {
  return translationGaps([
    ['names', row.names],
    ['descriptions', row.descriptions],
    ['cautions', row.cautions],
    ...row.ticket_types.map((t) => [`ticket_types.${t.id}.names`, t.names] as const),
  ]);
}

function summaryOf(row: ProductRow): ProductSummary {
  return {
    id: row.id,
    uuid: row.uuid,
    product_type: row.product_type,
    names: row.names,
    status: row.status,
    position: row.position,
    version: row.version,
    sale_channels: row.sale_channels,
    sale_starts_at: isoOf(row.sale_starts_at),
    sale_ends_at: isoOf(row.sale_ends_at),
    ticket_types: row.ticket_types,
    translation_gap_count: gapsOf(row).length,
    updated_at: isoOf(row.updated_at) ?? '',
  };
}

function detailOf(row: ProductRow, deletable: boolean): ProductDetail {
  return {
    ...summaryOf(row),
    descriptions: row.descriptions,
    cautions: row.cautions,
    image_url: row.image_url,
    min_quantity: row.min_quantity,
    max_quantity: row.max_quantity,
    entry_opens_minutes_before: row.entry_opens_minutes_before,
    entry_closes_minutes_after: row.entry_closes_minutes_after,
    date_changeable: row.date_changeable,
    date_change_until_minutes: row.date_change_until_minutes,
    date_change_group: row.date_change_group,
    sale_cutoff: row.product_type === 'time' ? 'slot_start' : 'span_end',
    set_product_ids: row.set_product_ids,
    translation_gaps: gapsOf(row),
    deletable,
    waiting_room: {
      enabled: row.waiting_room_enabled,
      opens_at: isoOf(row.waiting_room_opens_at),
      admit_per_minute: row.waiting_room_admit_per_minute,
    },
  };
}

/** Whether an order or a visitor's invitation names the product (then it is kept: retire it instead). */
async function productReferenced(db: Db | Tx, id: number): Promise<boolean> {
  const { rows } = await db.execute<{ used: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM orders WHERE product_id = ${id})
        OR EXISTS (SELECT 1 FROM invitations WHERE product_id = ${id}) AS used`);
  return rows[0]?.used ?? true;
}

/** The site's products of every status, in display order, with their ticket types. */
export async function listCatalogueProducts(db: Db, site: string): Promise<ProductSummary[]> {
  return (await selectProducts(db, site)).map(summaryOf);
}

/** One product of the site as the editor shows it (record not found for another site's). */
export async function readCatalogueProduct(db: Db | Tx, site: string, id: number): Promise<ProductDetail> {
  const row = (await selectProducts(db, site, sql`p.id = ${id}`))[0];
  if (!row) throw new AppError('record_not_found');
  const deletable = row.status === 'draft' && !(await productReferenced(db, row.id));
  return detailOf(row, deletable);
}

/** Locks the site's product for a write and checks the version the console read. */
export async function lockProduct(
  tx: Tx,
  site: string,
  id: number,
  expectedVersion: number | undefined,
): Promise<{ id: number; version: number; status: ProductStatus }> {
  const { rows } = await tx.execute<{ id: number; version: number; status: ProductStatus }>(sql`
    SELECT id, version, status FROM products WHERE id = ${id} AND site_code = ${site} FOR UPDATE`);
  return checkVersion(rows[0], expectedVersion);
}

/** Bumps the product's version (a change of its ticket types or links is a change of the product). */
export async function touchProduct(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`UPDATE products SET version = version + 1, updated_at = now() WHERE id = ${id}`);
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const textArray = (values: readonly string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
const timestamp = (value: string | null) => (value === null ? sql`NULL` : sql`${value}::timestamptz`);

function fieldAssignments(fields: ProductFieldsInput): SQL {
  return sql`names = ${json(fields.names)}, descriptions = ${json(fields.descriptions)},
    cautions = ${json(fields.cautions)}, image_url = ${fields.image_url || null},
    sale_channels = ${textArray(fields.sale_channels)}, min_quantity = ${fields.min_quantity},
    max_quantity = ${fields.max_quantity}, sale_starts_at = ${timestamp(fields.sale_starts_at)},
    sale_ends_at = ${timestamp(fields.sale_ends_at)}, date_changeable = ${fields.date_changeable},
    date_change_until_minutes = ${fields.date_change_until_minutes},
    date_change_group = ${fields.date_change_group || null},
    entry_opens_minutes_before = ${fields.entry_opens_minutes_before},
    entry_closes_minutes_after = ${fields.entry_closes_minutes_after}${waitingRoomAssignments(fields)}`;
}

/** The waiting room's switch (issue 31, ADR 095): left as it was when the form does not send it. */
function waitingRoomAssignments(fields: ProductFieldsInput): SQL {
  const room = fields.waiting_room;
  if (room === undefined) return sql``;
  return sql`, waiting_room_enabled = ${room.enabled},
    waiting_room_opens_at = ${timestamp(room.opens_at)},
    waiting_room_admit_per_minute = ${room.admit_per_minute}`;
}

/** The heads of this use case's audit events (the object's id, the action). */
const audited = auditHead('product', productDetailSchema);

/** A new product, a draft (visitors do not see it until it is published), last in the display order. */
export async function createCatalogueProduct(
  db: Db,
  actor: AuditActor,
  site: string,
  input: CreateProductInput,
): Promise<ProductDetail> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO products (uuid, site_code, product_type, names, descriptions, cautions, sale_channels, status,
                            position)
      VALUES (gen_random_uuid(), ${site}, ${input.product_type}, '{}', '{}', '{}', '{}', 'draft',
              COALESCE((SELECT max(position) + 1 FROM products WHERE site_code = ${site}), 0))
      RETURNING id`);
    const id = rows[0]!.id;
    await tx.execute(sql`UPDATE products SET ${fieldAssignments(input)} WHERE id = ${id}`);
    for (const [position, ticketType] of input.ticket_types.entries()) {
      await tx.execute(sql`
        INSERT INTO option_values (product_id, names, price, position)
        VALUES (${id}, ${json(ticketType.names)}, ${ticketType.price}, ${position})`);
    }
    const after = await readCatalogueProduct(tx, site, id);
    await recordAudit(tx, { ...audited(actor, site, id, 'create'), after });
    return after;
  });
}

/** Every editable field of the product; its type stays (its slots were made for it). */
export async function updateCatalogueProduct(
  db: Db,
  actor: AuditActor,
  site: string,
  id: number,
  input: ProductFieldsInput & { expected_version: number },
): Promise<ProductDetail> {
  return auditedEdit(db, {
    lock: (tx) => lockProduct(tx, site, id, input.expected_version),
    read: (tx) => readCatalogueProduct(tx, site, id),
    write: (tx) =>
      tx.execute(sql`
        UPDATE products SET ${fieldAssignments(input)}, version = version + 1, updated_at = now()
        WHERE id = ${id}`),
    audit: audited(actor, site, id, 'update'),
  });
}

/** The display order: the listed products take positions 0, 1, ... in the order given. */
export async function reorderCatalogueProducts(
  db: Db,
  actor: AuditActor,
  site: string,
  items: readonly { id: number; expected_version: number }[],
): Promise<ProductSummary[]> {
  const ids = items.map((item) => item.id);
  if (new Set(ids).size !== ids.length) {
    throw new AppError('invalid_request', undefined, {
      issues: [{ path: 'body.products', message: 'a product is listed twice' }],
    });
  }
  return db.transaction(async (tx) => {
    // Locked in id order, so two reorders of overlapping lists cannot deadlock.
    for (const item of [...items].sort((a, b) => a.id - b.id)) {
      await lockProduct(tx, site, item.id, item.expected_version);
    }
    const before = await selectProducts(tx, site);
    for (const [position, item] of items.entries()) {
      await tx.execute(sql`
        UPDATE products SET position = ${position}, version = version + 1, updated_at = now()
        WHERE id = ${item.id} AND position IS DISTINCT FROM ${position}`);
    }
    const after = await selectProducts(tx, site);
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'product',
      objectId: site,
      action: 'reorder',
      before: { order: before.map((p) => p.id) },
      after: { order: after.map((p) => p.id) },
    });
    return after.map(summaryOf);
  });
}

/**
 * Publish, unpublish (draft) or retire. Publishing needs a ticket type, and every visitor-facing text in
 * the six languages unless the operator confirms the fallback (audited with the gaps it accepted).
 */
export async function setCatalogueProductStatus(
  db: Db,
  actor: AuditActor,
  site: string,
  id: number,
  input: { status: ProductStatus; expectedVersion: number; confirmFallback?: boolean },
): Promise<ProductDetail> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, site, id, input.expectedVersion);
    const before = await readCatalogueProduct(tx, site, id);
    let acceptedGaps: ProductDetail['translation_gaps'] = [];
    if (input.status === 'published') {
      if (before.ticket_types.length === 0) {
        throw new AppError('invalid_request', undefined, {
          issues: [{ path: 'ticket_types', message: 'a product needs a ticket type to be published' }],
        });
      }
      if (before.translation_gaps.length > 0 && !input.confirmFallback) {
        throw new AppError('console_translation_missing', undefined, {
          issues: translationIssues(before.translation_gaps),
        });
      }
      acceptedGaps = before.translation_gaps;
    }
    await tx.execute(sql`
      UPDATE products SET status = ${input.status}, version = version + 1, updated_at = now() WHERE id = ${id}`);
    const after = await readCatalogueProduct(tx, site, id);
    const action = ({ published: 'publish', draft: 'unpublish', retired: 'retire' } as const)[input.status];
    await recordAudit(tx, {
      ...audited(actor, site, id, action),
      before,
      after: acceptedGaps.length > 0 ? { ...after, confirmed_fallback: acceptedGaps } : after,
    });
    return after;
  });
}

/** Deletes a draft no order or invitation names; anything else answers `console in use` (retire it). */
export async function deleteCatalogueProduct(
  db: Db,
  actor: AuditActor,
  site: string,
  id: number,
  expectedVersion: number | undefined,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const locked = await lockProduct(tx, site, id, expectedVersion);
      const before = await readCatalogueProduct(tx, site, id);
      if (locked.status !== 'draft' || (await productReferenced(tx, id)))
        throw new AppError('console_in_use');
      await tx.execute(sql`DELETE FROM products WHERE id = ${id}`);
      await recordAudit(tx, { ...audited(actor, site, id, 'delete'), before });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('console_in_use');
    throw error;
  }
}
