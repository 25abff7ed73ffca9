import { contrastIssues, themeContrastPairs } from '@kippu/contract/console/settings-contrast';
import { siteImageUrlSchema } from '@kippu/contract/console/settings-schemas';
import { scriptUrlProblem, TAG_MANAGER_ID } from '@kippu/contract/console/settings-scripts';
import type { StoredSiteSettings } from '@kippu/contract';
import { isStorableText } from '@kippu/contract/validation/storable-text';

/** A field-level problem, as the error body's `issues` carries it (paths as the route's own: `body.…`). */
export interface Issue {
  path: string;
  message: string;
}

/** The theme's pairs this edit changed that fall below WCAG's ratios (console_contrast_too_low). */
export function contrastProblems(before: StoredSiteSettings, after: StoredSiteSettings): Issue[] {
  const old = new Map(themeContrastPairs(before.theme).map((pair) => [pair.path, pair]));
  const changed = themeContrastPairs(after.theme).filter((pair) => {
    const was = old.get(pair.path);
    return !was || was.foreground !== pair.foreground || was.background !== pair.background;
  });
  return contrastIssues(changed).map((issue) => ({
    path: `body.${issue.path}`,
    message: `contrast ${issue.ratio}:1 against ${issue.against}; ${issue.kind === 'text' ? 'text' : 'a control'} needs ${issue.required}:1`,
  }));
}

/** Every setting that makes the visitor's browser load a script, by path, with its value (null: none). */
export function scriptSettings(settings: StoredSiteSettings): Map<string, string | null> {
  const found = new Map<string, string | null>();
  found.set('settings.payment.deviceFingerprintScriptUrl', settings.payment.deviceFingerprintScriptUrl);
  const secondary = settings.payment.secondaryCardProcessor;
  for (const field of ['tokenScriptUrl', 'threeDsScriptUrl'] as const) {
    for (const [env, url] of Object.entries(secondary?.[field] ?? {})) {
      found.set(`settings.payment.secondaryCardProcessor.${field}.${env}`, url);
    }
  }
  found.set('settings.analytics.gatagKeyUrl', settings.analytics.gatagKeyUrl);
  found.set('settings.analytics.tagManagerId', settings.analytics.tagManagerId);
  return found;
}

/** The script settings that changed, each with its before and after (audited one by one). */
export function changedScripts(
  before: StoredSiteSettings,
  after: StoredSiteSettings,
): { path: string; before: string | null; after: string | null }[] {
  const old = scriptSettings(before);
  return [...scriptSettings(after)].flatMap(([path, value]) =>
    (old.get(path) ?? null) === value ? [] : [{ path, before: old.get(path) ?? null, after: value }],
  );
}

/** Changed script settings off the allow-list (console_script_not_allowed); unchanged values are kept. */
export function scriptProblems(changes: ReturnType<typeof changedScripts>): Issue[] {
  return changes.flatMap(({ path, after }) => {
    if (after === null || after === '') return [];
    if (path.endsWith('.tagManagerId')) {
      return TAG_MANAGER_ID.test(after)
        ? []
        : [{ path: `body.${path}`, message: 'expected a GTM- container id' }];
    }
    const problem = scriptUrlProblem(after);
    return problem ? [{ path: `body.${path}`, message: problem }] : [];
  });
}

/** The image fields of the document, by path. */
export function imageSettings(settings: StoredSiteSettings): Map<string, string | null> {
  return new Map([
    ['settings.appDownloadModalImage', settings.appDownloadModalImage],
    ['settings.images.headerLogoBlack', settings.images?.headerLogoBlack ?? null],
    ['settings.images.headerLogoWhite', settings.images?.headerLogoWhite ?? null],
    ['settings.images.printLogo', settings.images?.printLogo ?? null],
  ]);
}

/**
 * Changed image fields must name an uploaded image (`/site-images/<sha256>.<ext>`) that exists; `exists`
 * answers which of the hashes are stored.
 */
export async function imageProblems(
  before: StoredSiteSettings,
  after: StoredSiteSettings,
  exists: (sha256s: string[]) => Promise<Set<string>>,
): Promise<Issue[]> {
  const old = imageSettings(before);
  const changed = [...imageSettings(after)].filter(
    ([path, value]) => value !== null && (old.get(path) ?? null) !== value,
  ) as [string, string][];
  const issues: Issue[] = [];
  const wanted: [string, string][] = [];
  for (const [path, value] of changed) {
    if (!siteImageUrlSchema.safeParse(value).success) {
      issues.push({ path: `body.${path}`, message: 'expected an uploaded image (/site-images/...)' });
    } else wanted.push([path, value.slice('/site-images/'.length, '/site-images/'.length + 64)]);
  }
  if (wanted.length > 0) {
    const stored = await exists(wanted.map(([, sha]) => sha));
    for (const [path, sha] of wanted) {
      if (!stored.has(sha)) issues.push({ path: `body.${path}`, message: 'no such uploaded image' });
    }
  }
  return issues;
}

/**
 * Strings PostgreSQL cannot store (a NUL, an unpaired surrogate) anywhere in a value, as issues under
 * `path`: the settings document's schema takes plain strings, so this keeps such input a 400, not a 5xx.
 */
export function unstorableStrings(value: unknown, path: string): Issue[] {
  if (typeof value === 'string') {
    return isStorableText(value)
      ? []
      : [{ path, message: 'contains a NUL character or an unpaired surrogate' }];
  }
  if (Array.isArray(value))
    return value.flatMap((item, index) => unstorableStrings(item, `${path}.${index}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(isStorableText(key)
        ? []
        : [{ path, message: 'a key contains a NUL character or an unpaired surrogate' }]),
      ...unstorableStrings(item, `${path}.${key}`),
    ]);
  }
  return [];
}
