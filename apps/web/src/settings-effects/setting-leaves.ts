import { z } from 'zod';
import { ENVIRONMENTS } from '@kippu/contract/enums';
import { localizedTextSchema } from '@kippu/contract/i18n-text';
import { configurationResponseSchema, siteSettingsSchema } from '@kippu/contract/site-settings';

const unwrap = (schema: z.ZodType): z.ZodType => {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable)
    inner = inner.unwrap() as z.ZodType;
  return inner;
};

/**
 * A value a site sets as one thing: a text in six languages is one setting (the page picks its language), and
 * so is a value per environment (a server runs in one environment and reads that one).
 */
function isOneSetting(schema: z.ZodObject): boolean {
  if (schema === localizedTextSchema) return true;
  const keys = Object.keys(schema.shape).sort();
  return keys.join() === [...ENVIRONMENTS].sort().join();
}

function leavesOf(schema: z.ZodType, path: string[]): string[] {
  const inner = unwrap(schema);
  if (!(inner instanceof z.ZodObject) || isOneSetting(inner)) return [path.join('.')];
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, child]) =>
    leavesOf(child, [...path, key]),
  );
}

/**
 * Every per-site setting, as a dotted path, derived from the contract's zod schema: a setting added there
 * shows up here by itself, and the registry test fails until it has an entry (issue 32, ADR 115).
 */
export const SETTING_PATHS: readonly string[] = leavesOf(siteSettingsSchema, []);

/**
 * The configuration's modes (spec §1 `mode`; ADR 105, 112), each a per-site setting of its own: `mode=demo`,
 * `mode=reconnect`. Derived, so a new mode needs an entry too.
 */
export const MODE_VALUES: readonly string[] = (
  unwrap(configurationResponseSchema.shape.mode) as z.ZodEnum
).options.map((mode) => `mode=${String(mode)}`);

/** A copy of `value` with the dotted `path` replaced by `next` (missing objects on the way are created). */
export function withPath<T extends object>(value: T, path: string, next: unknown): T {
  const [head, ...rest] = path.split('.');
  const record = value as Record<string, unknown>;
  const child = (record[head!] ?? {}) as object;
  return { ...value, [head!]: rest.length === 0 ? next : withPath(child, rest.join('.'), next) } as T;
}
