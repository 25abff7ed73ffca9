import { z } from 'zod';

/**
 * The one "secret" marker (issue 24, ADR 049). A value that opens something by itself (a reservation or
 * order token, a mail, share, time-change or spot QR token, a payment number or a gateway's reference that
 * answers a reservation, a gate key, a ticket's signed QR payload, a password) is marked where the contract
 * declares it, and only there: the server redacts every marked path parameter, query parameter and header
 * from its request logs and error reports, and tests collect the marked answer fields of a journey to prove
 * none of them reached the logs. A token added to the contract later inherits all of that by being marked.
 */
export interface SecretMeta {
  secret: true;
}

/** The registry of marked schemas (a zod registry: a WeakMap keyed by schema, so marking costs nothing). */
export const secretSchemas = z.registry<SecretMeta>();

/**
 * Marks `schema` as carrying a secret and answers the marked copy (the original is left as it was, so a
 * shared format such as `tokenSchema` stays usable for values that are not secret). Mark last: a check
 * added after marking (`.min()`, `.refine()`) makes a new schema without the mark, while wrappers
 * (`.optional()`, `.nullable()`, `.default()`) keep it reachable. The web's bundler cannot drop a call to
 * this: a marked schema in a module the first screen loads (errors.ts, formats) brings zod into that screen
 * (22 KB brotli; the route budgets test catches it), so marked schemas live in `endpoints/`.
 */
export function secretToken<T extends z.ZodType>(schema: T): T {
  const marked = schema.clone() as T;
  secretSchemas.add(marked, { secret: true });
  return marked;
}

/** Whether this very schema carries the marker (wrappers are looked through by `isSecretField`). */
function marked(schema: z.core.$ZodType): boolean {
  return secretSchemas.get(schema as z.ZodType)?.secret === true;
}

/** The schema a wrapper (optional, nullable, default, catch, readonly, a pipe's input) stands for. */
function unwrap(schema: z.core.$ZodType): z.core.$ZodType | undefined {
  const def = schema._zod.def as unknown as Record<string, z.core.$ZodType | undefined> & { type: string };
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'catch':
    case 'readonly':
      return def.innerType;
    case 'pipe':
      return def.in;
    default:
      return undefined;
  }
}

/** Whether a field's schema is marked, on itself or under any wrapper. */
export function isSecretField(schema: z.core.$ZodType): boolean {
  for (let s: z.core.$ZodType | undefined = schema; s; s = unwrap(s)) if (marked(s)) return true;
  return false;
}

/** The object shapes a schema may take (an object, a union or intersection of them, behind wrappers). */
function shapesOf(schema: z.core.$ZodType): Record<string, z.core.$ZodType>[] {
  let s: z.core.$ZodType | undefined = schema;
  while (s && unwrap(s)) s = unwrap(s);
  if (!s) return [];
  const def = s._zod.def as unknown as {
    type: string;
    shape?: Record<string, z.core.$ZodType>;
    options?: z.core.$ZodType[];
    left?: z.core.$ZodType;
    right?: z.core.$ZodType;
  };
  if (def.type === 'object' && def.shape) return [def.shape];
  if (def.type === 'union' && def.options) return def.options.flatMap(shapesOf);
  if (def.type === 'intersection' && def.left && def.right)
    return [...shapesOf(def.left), ...shapesOf(def.right)];
  return [];
}

/**
 * The top-level keys whose values are secret, of an object schema (path parameters, a query, headers): what
 * the server's log redaction replaces.
 */
export function secretKeys(schema: z.core.$ZodType | undefined): string[] {
  if (!schema) return [];
  const keys = new Set<string>();
  for (const shape of shapesOf(schema)) {
    for (const [key, field] of Object.entries(shape)) if (isSecretField(field)) keys.add(key);
  }
  return [...keys];
}

/**
 * Every value at a marked place of `value`, read by `schema` (answers, bodies): objects, arrays, unions and
 * records are walked. Tests use it to gather the secrets a journey saw from its answers.
 */
export function secretValuesIn(schema: z.core.$ZodType, value: unknown, found: string[] = []): string[] {
  if (value === null || value === undefined) return found;
  if (isSecretField(schema)) {
    if (typeof value === 'string' && value !== '') found.push(value);
    return found;
  }
  let s: z.core.$ZodType | undefined = schema;
  while (s && unwrap(s)) s = unwrap(s);
  if (!s) return found;
  const def = s._zod.def as unknown as {
    type: string;
    element?: z.core.$ZodType;
    valueType?: z.core.$ZodType;
  };
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    for (const item of value) secretValuesIn(def.element, item, found);
  } else if (def.type === 'record' && def.valueType && typeof value === 'object') {
    for (const item of Object.values(value)) secretValuesIn(def.valueType, item, found);
  } else if (typeof value === 'object') {
    for (const shape of shapesOf(s)) {
      for (const [key, field] of Object.entries(shape)) {
        secretValuesIn(field, (value as Record<string, unknown>)[key], found);
      }
    }
  }
  return found;
}

/** Whether any place in a schema (an object's fields, a list's items, a union's options) is marked. */
export function containsSecret(schema: z.core.$ZodType, depth = 0): boolean {
  if (isSecretField(schema)) return true;
  if (depth > 16) return false;
  let s: z.core.$ZodType | undefined = schema;
  while (s && unwrap(s)) s = unwrap(s);
  if (!s) return false;
  const def = s._zod.def as unknown as {
    type: string;
    element?: z.core.$ZodType;
    valueType?: z.core.$ZodType;
  };
  if (def.type === 'array' && def.element) return containsSecret(def.element, depth + 1);
  if (def.type === 'record' && def.valueType) return containsSecret(def.valueType, depth + 1);
  return shapesOf(s).some((shape) => Object.values(shape).some((field) => containsSecret(field, depth + 1)));
}

/**
 * Request headers that carry a secret on any route: the session's cookies, XSRF token, gate key, credentials,
 * and a waiting-room place (`kippu-queue-token`, ADR 095: it opens the visitor's admission).
 */
export const SECRET_HEADERS = [
  'cookie',
  'x-xsrf-token',
  'x-gate-key',
  'authorization',
  'kippu-queue-token',
] as const;
