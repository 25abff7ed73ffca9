import { sql } from 'drizzle-orm';
import type { SiteCode } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { sites } from '../../db/schema.ts';
import {
  ensureSite,
  TEST_SITE_COLUMNS,
  testSiteSettings,
  type TestSiteColumns,
} from '../../../test/factories.ts';

/** yyyy-MM-dd of the Tokyo date `days` from today. */
export function tokyoDate(days = 0): string {
  return new Date(Date.now() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** The instant of a Tokyo wall-clock time, e.g. at('2026-12-01', '10:00'). */
export function at(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+09:00`);
}

/**
 * A site with known settings and no products or colours of its own (the demo seed may have some),
 * so tests see exactly the fixtures they create.
 */
export async function cleanSite(db: Db, code: SiteCode, columns: TestSiteColumns = {}): Promise<void> {
  await ensureSite(db, code);
  await db
    .update(sites)
    .set({ settings: testSiteSettings(), ...TEST_SITE_COLUMNS, ...columns })
    .where(sql`${sites.code} = ${code}`);
  await db.execute(sql`DELETE FROM products WHERE site_code = ${code}`);
  await db.execute(sql`DELETE FROM set_products WHERE site_code = ${code}`);
  await db.execute(sql`DELETE FROM calendar_colors WHERE site_code = ${code}`);
}

/** Sets stock counters of a slot directly: the catalogue only reads them. */
export async function setStock(
  db: Db,
  spanId: number,
  stock: { held?: number; sold?: number },
): Promise<void> {
  await db.execute(
    sql`UPDATE time_spans SET held = ${stock.held ?? 0}, sold = ${stock.sold ?? 0} WHERE id = ${spanId}`,
  );
}

export async function setProductFields(
  db: Db,
  productId: number,
  fields: { position?: number; names?: Record<string, string> },
): Promise<void> {
  if (fields.position !== undefined) {
    await db.execute(sql`UPDATE products SET position = ${fields.position} WHERE id = ${productId}`);
  }
  if (fields.names) {
    await db.execute(
      sql`UPDATE products SET names = ${JSON.stringify(fields.names)}::jsonb WHERE id = ${productId}`,
    );
  }
}
