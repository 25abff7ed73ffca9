import type { ConsoleSiteSettings } from '@kippu/contract/console/settings-schemas';

/** What every settings section gets: the site, what was read (with its version), and who may write. */
export interface SectionProps {
  site: string;
  data: ConsoleSiteSettings;
  canWrite: boolean;
}

/** A form field for an API issue's path when the path lies under one of the section's fields. */
export const fieldUnder =
  <Field extends string>(...prefixes: readonly string[]) =>
  (path: string): Field | null => {
    const normal = path.replace(/\[(\d+)\]/g, '.$1');
    return prefixes.some((prefix) => normal === prefix || normal.startsWith(`${prefix}.`))
      ? (normal as Field)
      : null;
  };

/** An optional text field: empty means none (null), as the settings document stores it. */
export const emptyToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** An optional number field: empty means none (null). */
export const numberOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);
