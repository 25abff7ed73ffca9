import { sql } from 'drizzle-orm';
import { storedSiteSettingsSchema, type StoredSiteSettings } from '@kippu/contract';
import type { ConsoleSiteSettings, UpdateSiteSettingsBody } from '@kippu/contract/console/settings-schemas';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import {
  changedScripts,
  contrastProblems,
  imageProblems,
  scriptProblems,
  unstorableStrings,
  type Issue,
} from './settings-checks.ts';
import { readConsoleSiteSettings } from './settings-document.ts';

const refuse = (
  code:
    'invalid_request' | 'console_contrast_too_low' | 'console_script_not_allowed' | 'console_image_rejected',
  issues: Issue[],
) => new AppError(code, undefined, { issues });

/** Two lists' keys that repeat, as issues. */
function duplicates<T>(items: readonly T[], key: (item: T) => string, path: string): Issue[] {
  const seen = new Set<string>();
  return items.flatMap((item, index) => {
    const value = key(item);
    if (seen.has(value)) return [{ path: `body.${path}.${index}`, message: `${value} is listed twice` }];
    seen.add(value);
    return [];
  });
}

/** Only the parts that differ, for the audit log's before/after. */
function changedParts(before: ConsoleSiteSettings, after: ConsoleSiteSettings) {
  const keys = (Object.keys(after) as (keyof ConsoleSiteSettings)[]).filter(
    (key) => key !== 'version' && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * A console write of a site's settings (issue 28, ADR 071), in one transaction: the version must be the one
 * read (else console_edit_conflict); the merged document must pass the contract's schema, the contrast
 * rule, the script allow-list and name uploaded images; each list given replaces the stored one as far as
 * the seed lets it (a language or sign-in field of a reference site comes back on the next start, so they
 * are hidden or reordered, not removed). Audited with before/after, and each script change on its own.
 */
export async function updateSiteSettings(
  db: Db,
  actor: AuditActor,
  site: string,
  body: UpdateSiteSettingsBody,
): Promise<ConsoleSiteSettings> {
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.execute<{ version: number }>(
      sql`SELECT version FROM sites WHERE code = ${site} FOR UPDATE`,
    );
    if (!locked[0]) throw new AppError('record_not_found');
    if (Number(locked[0].version) !== body.expected_version) throw new AppError('console_edit_conflict');
    const before = (await readConsoleSiteSettings(tx, site))!;

    const merged = storedSiteSettingsSchema.safeParse({ ...before.settings, ...body.settings });
    if (!merged.success) {
      throw refuse(
        'invalid_request',
        merged.error.issues.map((issue) => ({
          path: ['body', 'settings', ...issue.path.map(String)].join('.'),
          message: issue.message,
        })),
      );
    }
    const settings: StoredSiteSettings = merged.data;
    const unstorable = unstorableStrings(body.settings ?? {}, 'body.settings');
    if (unstorable.length > 0) throw refuse('invalid_request', unstorable);
    const contrast = contrastProblems(before.settings, settings);
    if (contrast.length > 0) throw refuse('console_contrast_too_low', contrast);
    const scripts = changedScripts(before.settings, settings);
    const scriptIssues = scriptProblems(scripts);
    if (scriptIssues.length > 0) throw refuse('console_script_not_allowed', scriptIssues);
    const images = await imageProblems(before.settings, settings, async (hashes) => {
      const { rows } = await tx.execute<{ sha256: string }>(
        sql`SELECT sha256 FROM site_images WHERE sha256 = ANY(${sql.param(hashes)}::text[])`,
      );
      return new Set(rows.map((row) => row.sha256));
    });
    if (images.length > 0) throw refuse('console_image_rejected', images);
    const listIssues = [
      ...duplicates(body.field_templates ?? [], (f) => f.field_name, 'field_templates'),
      ...duplicates(body.calendar_colors ?? [], (c) => c.date, 'calendar_colors'),
      ...duplicates(body.payment_methods ?? [], (m) => `${m.channel}/${m.method}`, 'payment_methods'),
      ...duplicates(body.languages ?? [], (l) => l.code, 'languages'),
      ...missing(
        before.field_templates.map((f) => f.field_name),
        body.field_templates?.map((f) => f.field_name),
        'field_templates',
        'hide a field with is_display false instead',
      ),
      ...missing(
        before.languages.map((l) => l.code),
        body.languages?.map((l) => l.code),
        'languages',
        'every language of the site stays listed',
      ),
      ...(body.languages && body.languages.filter((l) => l.is_default).length !== 1
        ? [{ path: 'body.languages', message: 'exactly one language is the default' }]
        : []),
    ];
    if (listIssues.length > 0) throw refuse('invalid_request', listIssues);

    const server = { ...before.server, ...body.server };
    await tx.execute(sql`
      UPDATE sites SET settings = ${JSON.stringify(settings)}::jsonb,
        hold_minutes = ${server.hold_minutes}, few_stock_threshold = ${server.few_stock_threshold},
        calendar_colorized = ${server.calendar_colorized},
        max_open_orders_per_client = ${server.max_open_orders_per_client},
        max_tickets_per_client_slot = ${server.max_tickets_per_client_slot},
        mode = ${server.mode},
        version = version + 1
      WHERE code = ${site}`);
    await replaceLists(tx, site, body);
    const after = (await readConsoleSiteSettings(tx, site))!;
    const diff = changedParts(before, after);
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'site_settings',
      objectId: site,
      action: 'update',
      before: { version: before.version, ...diff.before },
      after: { version: after.version, ...diff.after },
    });
    for (const change of scripts) {
      await recordAudit(tx, {
        actor,
        siteCode: site,
        objectType: 'site_script',
        objectId: `${site}:${change.path}`,
        action: 'update',
        before: { path: change.path, url: change.before },
        after: { path: change.path, url: change.after },
      });
    }
    return after;
  });
}

/** Names the stored list has and the new list leaves out (when a list is given). */
function missing(stored: string[], given: string[] | undefined, path: string, message: string): Issue[] {
  if (!given) return [];
  const listed = new Set(given);
  return stored
    .filter((name) => !listed.has(name))
    .map((name) => ({ path: `body.${path}`, message: `${name}: ${message}` }));
}

async function replaceLists(tx: Tx, site: string, body: UpdateSiteSettingsBody): Promise<void> {
  if (body.field_templates) {
    for (const [position, field] of body.field_templates.entries()) {
      await tx.execute(sql`
        INSERT INTO field_templates (site_code, field_name, field_type, is_display, is_require, position)
        VALUES (${site}, ${field.field_name}, ${field.field_type}, ${field.is_display}, ${field.is_require}, ${position + 1})
        ON CONFLICT (site_code, field_name) DO UPDATE SET field_type = excluded.field_type,
          is_display = excluded.is_display, is_require = excluded.is_require, position = excluded.position`);
    }
  }
  if (body.calendar_colors) {
    const colors = body.calendar_colors;
    await tx.execute(sql`DELETE FROM calendar_colors WHERE site_code = ${site}`);
    if (colors.length > 0) {
      await tx.execute(sql`
        INSERT INTO calendar_colors (site_code, date, color_code)
        SELECT ${site}, d::date, c FROM unnest(${sql.param(colors.map((c) => c.date))}::text[], ${sql.param(colors.map((c) => c.color_code))}::text[]) AS x(d, c)`);
    }
  }
  if (body.payment_methods) {
    const positions = new Map<string, number>();
    for (const method of body.payment_methods) {
      const position = (positions.get(method.channel) ?? 0) + 1;
      positions.set(method.channel, position);
      await tx.execute(sql`
        INSERT INTO payment_methods (site_code, channel, method, enabled, position)
        VALUES (${site}, ${method.channel}, ${method.method}, ${method.enabled}, ${position})
        ON CONFLICT (site_code, channel, method) DO UPDATE SET enabled = excluded.enabled, position = excluded.position`);
    }
  }
  if (body.languages) {
    // Defaults first cleared, then set: the list names exactly one.
    await tx.execute(sql`UPDATE languages SET is_default = false WHERE site_code = ${site}`);
    for (const [position, lang] of body.languages.entries()) {
      await tx.execute(sql`
        INSERT INTO languages (site_code, code, display_name, display_position, is_default)
        VALUES (${site}, ${lang.code}, ${lang.display_name}, ${position + 1}, ${lang.is_default})
        ON CONFLICT (site_code, code) DO UPDATE SET display_name = excluded.display_name,
          display_position = excluded.display_position, is_default = excluded.is_default`);
    }
  }
}
