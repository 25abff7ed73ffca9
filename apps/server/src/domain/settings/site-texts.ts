import { sql } from 'drizzle-orm';
import { LANG_CODES, storedSiteSettingsSchema, type LangCode } from '@kippu/contract';
import type { SiteTextPreview, SiteTexts } from '@kippu/contract/console/settings-schemas';
import {
  SITE_TEXT_DOCUMENTS,
  SITE_TEXT_KEYS,
  type SiteTextDocument,
} from '@kippu/contract/console/settings-texts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';

/** A site's override of a key in a language; `text` null removes it. */
export interface SiteTextChange {
  key: string;
  lang: LangCode;
  text: string | null;
}

const perLang = () =>
  Object.fromEntries(LANG_CODES.map((lang) => [lang, null])) as Record<LangCode, string | null>;

/**
 * The site's legal texts (issue 28, ADR 071): for each editable key the shared text (scope '*') and the
 * site's override (scope = site code) per language, with the texts' version.
 */
export async function readSiteTexts(db: Db | Tx, site: string): Promise<SiteTexts | null> {
  const { rows: sites } = await db.execute<{ texts_version: number }>(
    sql`SELECT texts_version FROM sites WHERE code = ${site}`,
  );
  if (!sites[0]) return null;
  const { rows } = await db.execute<{ scope: string; lang: LangCode; key: string; text: string }>(sql`
    SELECT scope, lang, key, text FROM texts
    WHERE scope IN ('*', ${site}) AND key = ANY(${sql.param([...SITE_TEXT_KEYS])}::text[])`);
  const entries = new Map(SITE_TEXT_KEYS.map((key) => [key, { key, shared: perLang(), site: perLang() }]));
  for (const row of rows) {
    const entry = entries.get(row.key);
    if (!entry || !(LANG_CODES as readonly string[]).includes(row.lang)) continue;
    entry[row.scope === '*' ? 'shared' : 'site'][row.lang] = row.text;
  }
  return { version: Number(sites[0].texts_version), entries: [...entries.values()] };
}

function unknownKeys(changes: readonly SiteTextChange[]) {
  return changes.flatMap((change, index) =>
    SITE_TEXT_KEYS.includes(change.key)
      ? []
      : [{ path: `body.changes.${index}.key`, message: `${change.key} is not a site text` }],
  );
}

/** Saves overrides (or removes them, back to the shared text) under the texts' version; audited. */
export async function updateSiteTexts(
  db: Db,
  actor: AuditActor,
  site: string,
  input: { expectedVersion: number; changes: readonly SiteTextChange[] },
): Promise<SiteTexts> {
  const issues = unknownKeys(input.changes);
  if (issues.length > 0) throw new AppError('invalid_request', undefined, { issues });
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ texts_version: number }>(
      sql`SELECT texts_version FROM sites WHERE code = ${site} FOR UPDATE`,
    );
    if (!rows[0]) throw new AppError('record_not_found');
    if (Number(rows[0].texts_version) !== input.expectedVersion) throw new AppError('console_edit_conflict');
    const before = (await readSiteTexts(tx, site))!;
    for (const change of input.changes) {
      if (change.text === null) {
        await tx.execute(
          sql`DELETE FROM texts WHERE scope = ${site} AND lang = ${change.lang} AND key = ${change.key}`,
        );
      } else {
        await tx.execute(sql`
          INSERT INTO texts (scope, lang, key, text) VALUES (${site}, ${change.lang}, ${change.key}, ${change.text})
          ON CONFLICT (scope, lang, key) DO UPDATE SET text = excluded.text`);
      }
    }
    await tx.execute(sql`UPDATE sites SET texts_version = texts_version + 1 WHERE code = ${site}`);
    const after = (await readSiteTexts(tx, site))!;
    const changedKeys = new Set(input.changes.map((change) => change.key));
    const pick = (texts: SiteTexts) =>
      Object.fromEntries(texts.entries.filter((e) => changedKeys.has(e.key)).map((e) => [e.key, e.site]));
    await recordAudit(tx, {
      actor,
      siteCode: site,
      objectType: 'site_texts',
      objectId: site,
      action: 'update',
      before: { version: before.version, texts: pick(before) },
      after: { version: after.version, texts: pick(after) },
    });
    return after;
  });
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * A document as the visitor page shows it in `lang` (apps/web/src/features/static-pages/screens): the
 * site's override, else the shared text, with unsaved `changes` over both, `{site}` and `{currency}` filled.
 */
export async function previewSiteTexts(
  db: Db,
  site: string,
  input: { document: SiteTextDocument; lang: LangCode; changes: readonly SiteTextChange[] },
): Promise<SiteTextPreview> {
  const issues = unknownKeys(input.changes);
  if (issues.length > 0) throw new AppError('invalid_request', undefined, { issues });
  const { rows: sites } = await db.execute<{ settings: unknown }>(
    sql`SELECT settings FROM sites WHERE code = ${site}`,
  );
  if (!sites[0]) throw new AppError('record_not_found');
  const settings = storedSiteSettingsSchema.parse(sites[0].settings);
  const { rows } = await db.execute<{ key: string; text: string }>(sql`
    SELECT DISTINCT ON (key) key, text FROM texts
    WHERE lang = ${input.lang} AND scope IN ('*', ${site}) ORDER BY key, scope = '*'`);
  const texts = new Map(rows.map((row) => [row.key, row.text]));
  for (const change of input.changes) {
    if (change.lang !== input.lang) continue;
    if (change.text === null) {
      const { rows: shared } = await db.execute<{ text: string }>(
        sql`SELECT text FROM texts WHERE scope = '*' AND lang = ${input.lang} AND key = ${change.key}`,
      );
      if (shared[0]) texts.set(change.key, shared[0].text);
      else texts.delete(change.key);
    } else texts.set(change.key, change.text);
  }
  const { rows: methods } = await db.execute<{ name: string | null }>(sql`
    SELECT t.names ->> ${input.lang} AS name
    FROM payment_methods m JOIN payment_method_types t ON t.method = m.method
    WHERE m.site_code = ${site} AND m.channel = 'web' AND m.enabled AND m.method <> 'free'
    ORDER BY m.position, m.method`);
  const values = { site: settings.name[input.lang], currency: settings.currency };
  const text = (key: string) => fill(texts.get(key) ?? key, values);
  const document = SITE_TEXT_DOCUMENTS[input.document];
  // Two providers may offer one method under one name: each name once, in display order (as the page).
  const names = [...new Set(methods.flatMap((method) => (method.name ? [method.name] : [])))];
  const external = {
    terms: settings.footer.termsUrl,
    privacy: settings.footer.privacyUrl,
    specified: settings.footer.legalNoticeUrl,
  }[input.document];
  return {
    document: input.document,
    lang: input.lang,
    title: text(document.title),
    intro: document.intro ? text(document.intro) : null,
    sections: document.parts.map(([title, body]) => ({
      title: text(title),
      text: body === 'legal_payment_fallback' && names.length > 0 ? names.join(', ') : text(body),
    })),
    external_url: external,
  };
}
