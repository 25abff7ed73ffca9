import { sql } from 'drizzle-orm';
import { storedSiteSettingsSchema, type SiteMode } from '@kippu/contract';
import type { ConsoleSiteSettings } from '@kippu/contract/console/settings-schemas';
import type { Db, Tx } from '../../db/client.ts';

type SiteRow = {
  code: string;
  slug: string;
  version: number;
  settings: unknown;
  hold_minutes: number | null;
  few_stock_threshold: number;
  calendar_colorized: boolean;
  max_open_orders_per_client: number | null;
  max_tickets_per_client_slot: number | null;
  mode: SiteMode;
};

/**
 * Everything the console edits of a site (issue 28, ADR 071), with its version: the settings document, the
 * server-only columns, field templates, calendar colours, payment methods per channel and languages (a
 * waiting room is switched on per product, in the catalogue's product form: ADR 095). Null for an unknown
 * site. Secrets are not part of it (site-secrets.ts, write-only).
 */
export async function readConsoleSiteSettings(
  db: Db | Tx,
  site: string,
): Promise<ConsoleSiteSettings | null> {
  const { rows } = await db.execute<SiteRow>(sql`
    SELECT code, slug, version, settings, hold_minutes, few_stock_threshold, calendar_colorized,
           max_open_orders_per_client, max_tickets_per_client_slot, mode
    FROM sites WHERE code = ${site}`);
  const row = rows[0];
  if (!row) return null;
  const [fields, colors, methods, langs] = await Promise.all([
    db.execute<{
      field_name: string;
      field_type: 'text' | 'select';
      is_display: boolean;
      is_require: boolean;
    }>(
      sql`SELECT field_name, field_type, is_display, is_require FROM field_templates
          WHERE site_code = ${site} ORDER BY position, field_name`,
    ),
    db.execute<{ date: string; color_code: string }>(
      sql`SELECT to_char(date, 'YYYY-MM-DD') AS date, color_code FROM calendar_colors
          WHERE site_code = ${site} ORDER BY date`,
    ),
    db.execute<{ channel: string; method: string; enabled: boolean }>(
      sql`SELECT channel, method, enabled FROM payment_methods WHERE site_code = ${site}
          ORDER BY channel, position, method`,
    ),
    db.execute<{ code: string; display_name: string; is_default: boolean }>(
      sql`SELECT code, display_name, is_default FROM languages WHERE site_code = ${site}
          ORDER BY display_position, code`,
    ),
  ]);
  return {
    site: { code: row.code, slug: row.slug },
    version: Number(row.version),
    settings: storedSiteSettingsSchema.parse(row.settings),
    server: {
      hold_minutes: row.hold_minutes,
      few_stock_threshold: Number(row.few_stock_threshold),
      calendar_colorized: row.calendar_colorized,
      max_open_orders_per_client: row.max_open_orders_per_client,
      max_tickets_per_client_slot: row.max_tickets_per_client_slot,
      mode: row.mode,
    },
    field_templates: fields.rows.map((field) => ({
      field_name: field.field_name,
      field_type: field.field_type,
      is_display: field.is_display,
      is_require: field.is_require,
    })),
    calendar_colors: colors.rows.map((color) => ({ date: color.date, color_code: color.color_code })),
    payment_methods: methods.rows.map((method) => ({
      channel: method.channel as ConsoleSiteSettings['payment_methods'][number]['channel'],
      method: method.method as ConsoleSiteSettings['payment_methods'][number]['method'],
      enabled: method.enabled,
    })),
    languages: langs.rows.map((lang) => ({
      code: lang.code as ConsoleSiteSettings['languages'][number]['code'],
      display_name: lang.display_name,
      is_default: lang.is_default,
    })),
  };
}
