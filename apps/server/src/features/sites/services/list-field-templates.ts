import type { FieldTemplate, SiteCode } from '@kippu/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { fieldTemplates } from '../../../db/schema.ts';

export async function listFieldTemplates(db: Db, site: SiteCode): Promise<FieldTemplate[]> {
  const rows = await db
    .select()
    .from(fieldTemplates)
    .where(eq(fieldTemplates.siteCode, site))
    .orderBy(asc(fieldTemplates.position));
  return rows.map((row) => ({
    field_name: row.fieldName as FieldTemplate['field_name'],
    field_type: row.fieldType,
    is_display: row.isDisplay,
    is_require: row.isRequire,
  }));
}
