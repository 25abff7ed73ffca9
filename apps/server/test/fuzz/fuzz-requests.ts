import { errorBodySchema, errorCodeOf } from '@kippu/contract';
import type { InjectOptions } from 'fastify';
import { xsrfHeaders } from '../helper.ts';
import {
  BAD_JSON_TEXTS,
  BAD_JSON_VALUES,
  BAD_PATH_SEGMENTS,
  BAD_QUERY_VALUES,
  WRONG_CONTENT_TYPES,
} from './malformed-values.ts';
import { pathParamsOf, type RouteMethod } from './route-table.ts';
import type { SeededRandom } from './seeded-random.ts';

/** The part of JSON Schema that the contract's schemas produce (fastify-type-provider-zod via OpenAPI). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** The schemas of one operation, from the app's OpenAPI document. */
export interface OperationSchemas {
  query: { name: string; required: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
}

/** Values that exist in the test database, by field or parameter name, so most requests get past lookups. */
export type KnownValues = Record<string, () => unknown>;

export interface FuzzRequest extends InjectOptions {
  /** What was broken, for the failure report. */
  label: string;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A valid-looking value for a schema: the known value for its name first, else one built from the schema. */
export function validValue(
  schema: JsonSchema,
  name: string,
  known: KnownValues,
  random: SeededRandom,
): unknown {
  const knownValue = known[name];
  if (knownValue) return knownValue();
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return validValue(variant, name, known, random);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length: count }, () => validValue(schema.items ?? {}, name, known, random));
    }
    case 'object': {
      const entries = Object.entries(schema.properties ?? {}).map(([key, property]) => [
        key,
        validValue(property, key, known, random),
      ]);
      return Object.fromEntries(entries);
    }
    default:
      if (schema.format === 'uuid') return '6f1c2b1e-7a52-4b8e-9c1d-2f3a4b5c6d7e';
      // A webhook's target: an https address, so the body passes its schema and the route's own checks run.
      if (schema.format === 'uri') return 'https://example.com/hook';
      // A day and hour of June 2030 drawn from the seed: two dates of one body differ, so a rule across
      // fields (an end after its start) can be met by drawing again.
      if (schema.format === 'date') return `2030-06-${twoDigits(1 + random.below(28))}`;
      if (schema.format === 'date-time')
        return `2030-06-${twoDigits(1 + random.below(28))}T${twoDigits(random.below(24))}:00:00Z`;
      // A clock time (HH:MM, the console's slots) where the field's pattern refuses plain text.
      if (schema.pattern && !new RegExp(schema.pattern, 'u').test('text')) {
        if (new RegExp(schema.pattern, 'u').test('10:00')) return '10:00';
      }
      return 'text';
  }
}

type Path = (string | number)[];

/** Every place in a JSON value a mutation can hit: each property and array item, at any depth. */
function leafPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) {
    return [path, ...value.flatMap((item, i) => leafPaths(item, [...path, i]))];
  }
  if (value && typeof value === 'object') {
    return [path, ...Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]))];
  }
  return [path];
}

function withValueAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else {
    node[last] = value;
  }
  return copy;
}

/**
 * encodeURIComponent, except that an unpaired surrogate (which it refuses) is written as the three bytes a
 * careless encoder produces for it (WTF-8), so the server sees the broken text a real client could send.
 */
export function encodeLoosely(value: string): string {
  let out = '';
  for (const char of value.match(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g) ?? []) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

export function urlWith(
  route: RouteMethod,
  params: Record<string, string>,
  query: [string, string][],
): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => params[name]!);
  if (query.length === 0) return path;
  const search = query.map(([key, value]) => `${encodeLoosely(key)}=${encodeLoosely(value)}`).join('&');
  return `${path}?${search}`;
}

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Who sends the requests: the visitors' XSRF pair by default; the console's session cookie and CSRF header. */
export interface FuzzClient {
  /** Sent with every request (over the visitors' XSRF pair). */
  headers?: Record<string, string>;
  /** The header the 'headers' mutation removes or falsifies; `x-xsrf-token` by default. */
  csrfHeader?: string;
}

/**
 * One malformed request for a route: a valid baseline (known ids, schema-shaped values) with one thing
 * broken, picked by the seeded generator: a path parameter, a query value (bad, missing, repeated), a body
 * field (bad value, removed, the whole body replaced), the raw JSON text, the content type, the size.
 */
export function malformedRequest(
  route: RouteMethod,
  operation: OperationSchemas,
  known: KnownValues,
  random: SeededRandom,
  client: FuzzClient = {},
): FuzzRequest {
  const params: Record<string, string> = {};
  for (const name of pathParamsOf(route.url)) params[name] = encodeLoosely(String(known[name]?.() ?? 'x'));
  let query: [string, string][] = operation.query
    .filter((q) => q.required || random.chance(0.5))
    .map((q) => [q.name, String(validValue(q.schema, q.name, known, random))]);
  let body: unknown = operation.body ? validValue(operation.body, '', known, random) : undefined;
  let rawBody: string | undefined;
  let contentType: string | undefined = body === undefined ? undefined : 'application/json';
  const headers: Record<string, string> = { ...xsrfHeaders(), ...client.headers };
  const csrfHeader = client.csrfHeader ?? 'x-xsrf-token';
  let label: string;

  const targets = ['path', 'query', 'query', 'body', 'body', 'body', 'raw', 'headers'].filter(
    (target) =>
      (target !== 'path' || pathParamsOf(route.url).length > 0) &&
      (target !== 'query' || operation.query.length > 0) &&
      ((target !== 'body' && target !== 'raw') || HAS_BODY.has(route.method)),
  );
  const target = random.pick(targets.length > 0 ? targets : ['query']);

  if (target === 'path') {
    const name = random.pick(pathParamsOf(route.url));
    params[name] = random.pick(BAD_PATH_SEGMENTS);
    label = `path :${name} = ${params[name]!.slice(0, 40)}`;
  } else if (target === 'query') {
    const spec = random.pick(operation.query);
    const kind = random.below(4);
    query = query.filter(([key]) => key !== spec.name);
    if (kind === 0) {
      label = `query ${spec.name} missing`;
    } else if (kind === 1) {
      const value = String(validValue(spec.schema, spec.name, known, random));
      query.push([spec.name, value], [spec.name, random.pick(BAD_QUERY_VALUES)]);
      label = `query ${spec.name} repeated`;
    } else {
      const value = random.pick(BAD_QUERY_VALUES);
      query.push([spec.name, value]);
      label = `query ${spec.name} = ${JSON.stringify(value.slice(0, 40))}`;
    }
  } else if (target === 'body') {
    const paths = leafPaths(body ?? {});
    const path = random.pick(paths);
    const kind = random.below(5);
    if (kind === 0 && path.length > 0) {
      body = withValueAt(body, path, undefined, true);
      label = `body ${path.join('.')} removed`;
    } else if (kind === 1) {
      body = withValueAt(
        body ?? {},
        [...path.slice(0, -1), 'unexpected_field'],
        random.pick(BAD_JSON_VALUES),
      );
      label = `body ${path.join('.')} sibling added`;
    } else {
      const value = random.pick(BAD_JSON_VALUES);
      body = withValueAt(body ?? {}, path, value);
      label = `body ${path.join('.') || '(root)'} = ${JSON.stringify(value)?.slice(0, 40)}`;
    }
    contentType = 'application/json';
  } else if (target === 'raw') {
    const kind = random.below(4);
    if (kind === 0) {
      rawBody = random.pick(BAD_JSON_TEXTS);
      contentType = 'application/json';
      label = `raw JSON ${JSON.stringify(rawBody).slice(0, 40)}`;
    } else if (kind === 1) {
      [contentType, rawBody] = random.pick(WRONG_CONTENT_TYPES);
      label = `content type ${contentType}`;
    } else if (kind === 2) {
      rawBody = JSON.stringify({ padding: 'x'.repeat(300 * 1024) });
      contentType = 'application/json';
      label = 'body over the size limit';
    } else {
      rawBody = '';
      contentType = 'application/json';
      label = 'JSON content type, empty body';
    }
  } else {
    const kind = random.below(3);
    if (kind === 0) {
      delete headers[csrfHeader];
      label = `no ${csrfHeader} header`;
    } else if (kind === 1) {
      headers[csrfHeader] = 'other-token';
      label = `${csrfHeader} header differs from the session's`;
    } else {
      headers['accept-language'] = 'x'.repeat(4000);
      headers['x-forwarded-for'] = '1.2.3.4, not-an-address, ::1';
      label = 'odd headers';
    }
  }

  const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
  if (contentType && payload !== undefined) headers['content-type'] = contentType;
  return {
    method: route.method as InjectOptions['method'],
    url: urlWith(route, params, query),
    headers,
    payload,
    label,
  };
}

/**
 * Why an answer breaks the API's rules (no 5xx; an error is the one error body), or null when it keeps them:
 * the one check of every fuzz test.
 */
export function bodyViolation(status: number, contentType: string | undefined, body: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  if (!contentType?.includes('application/json')) return `error answered as ${contentType}`;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 'error body is not JSON';
  }
  const parsed = errorBodySchema.strict().safeParse(json);
  if (!parsed.success) return 'error body is not { error, issues? }';
  if (!errorCodeOf(parsed.data.error)) return `error string "${parsed.data.error}" is not in the catalogue`;
  return null;
}
