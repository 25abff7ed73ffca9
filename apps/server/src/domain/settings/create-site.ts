import { sql } from 'drizzle-orm';
import { storedSiteSettingsSchema, type LocalizedText } from '@kippu/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';

export interface CreateSiteInput {
  organisationId: number;
  from: string;
  code: string;
  slug: string;
  name: LocalizedText;
  /** First path segments the server routes itself (never a site's slug). */
  reservedSlugs: ReadonlySet<string>;
}

const slugUnavailable = (message: string) =>
  new AppError('console_slug_unavailable', undefined, { issues: [{ path: 'body.slug', message }] });
const codeTaken = () =>
  new AppError('console_code_taken', undefined, {
    issues: [{ path: 'body.code', message: 'the code is taken' }],
  });

/**
 * A new site copied from one of the organisation's sites (issue 28, ADR 071): its settings document (with
 * the new name), server settings, waiting room, languages, field templates, payment methods and its own
 * texts. Never products, slots, orders, members, calendar colours or secrets. The site directory serves
 * the new slug within its cache time (10 s). Audited.
 */
export async function createSite(
  db: Db,
  actor: AuditActor,
  input: CreateSiteInput,
): Promise<{ code: string; slug: string }> {
  if (input.reservedSlugs.has(input.slug)) throw slugUnavailable('the server uses this path');
  try {
    return await db.transaction(async (tx) => {
      const { rows: source } = await tx.execute<{ settings: unknown }>(sql`
        SELECT settings FROM sites WHERE code = ${input.from} AND organisation_id = ${input.organisationId}`);
      if (!source[0]) throw new AppError('record_not_found');
      const { rows: taken } = await tx.execute<{ code: string; slug: string }>(
        sql`SELECT code, slug FROM sites WHERE code = ${input.code} OR slug = ${input.slug}`,
      );
      if (taken.some((row) => row.code === input.code)) throw codeTaken();
      if (taken.some((row) => row.slug === input.slug)) throw slugUnavailable('another site has this slug');
      const settings = { ...storedSiteSettingsSchema.parse(source[0].settings), name: input.name };
      await tx.execute(sql`
        INSERT INTO sites (code, slug, position, settings, hold_minutes, few_stock_threshold, calendar_colorized,
          max_open_orders_per_client, max_tickets_per_client_slot, mode, organisation_id)
        SELECT ${input.code}, ${input.slug}, (SELECT COALESCE(max(position), 0) + 1 FROM sites),
          ${JSON.stringify(settings)}::jsonb, hold_minutes, few_stock_threshold, calendar_colorized,
          max_open_orders_per_client, max_tickets_per_client_slot, mode, organisation_id
        FROM sites WHERE code = ${input.from}`);
      await tx.execute(sql`
        INSERT INTO languages (site_code, code, display_name, display_position, is_default)
        SELECT ${input.code}, code, display_name, display_position, is_default FROM languages WHERE site_code = ${input.from}`);
      await tx.execute(sql`
        INSERT INTO field_templates (site_code, field_name, field_type, is_display, is_require, position)
        SELECT ${input.code}, field_name, field_type, is_display, is_require, position
        FROM field_templates WHERE site_code = ${input.from}`);
      await tx.execute(sql`
        INSERT INTO payment_methods (site_code, channel, method, enabled, position)
        SELECT ${input.code}, channel, method, enabled, position FROM payment_methods WHERE site_code = ${input.from}`);
      await tx.execute(sql`
        INSERT INTO texts (scope, lang, key, text) SELECT ${input.code}, lang, key, text FROM texts WHERE scope = ${input.from}`);
      await recordAudit(tx, {
        actor,
        organisationId: input.organisationId,
        siteCode: input.code,
        objectType: 'site',
        objectId: input.code,
        action: 'create',
        after: { code: input.code, slug: input.slug, copied_from: input.from, name: input.name },
      });
      return { code: input.code, slug: input.slug };
    });
  } catch (error) {
    // Two creations racing for one code or slug: the loser gets the same answer as a taken one.
    const constraint =
      (error as { constraint?: string; cause?: { constraint?: string } }).cause?.constraint ??
      (error as { constraint?: string }).constraint;
    if (constraint === 'sites_pkey') throw codeTaken();
    if (constraint === 'sites_slug_key') throw slugUnavailable('another site has this slug');
    throw error;
  }
}
