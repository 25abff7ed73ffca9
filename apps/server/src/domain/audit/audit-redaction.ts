import type { z } from 'zod';
import { isSecretField } from '@kippu/contract';

/** What a secret's value becomes in before/after: the change is visible, the value never stored. */
export const SECRET_PLACEHOLDER = '[secret]';
/** Where a visitor's personal data stood in before/after; the value itself is in `personal_data`. */
export const PERSONAL_PLACEHOLDER = '[personal]';

/**
 * Names that are secret wherever they appear (issue 27: password hashes, TOTP seeds, gateway keys, tokens),
 * besides the fields the contract's secret marker marks (ADR 049), which a caller passes as a schema.
 */
// `otp` covers TOTP seeds and otpauth:// URIs (which carry the seed).
const SECRET_NAME = /password|hash|secret|token|otp|key|recovery_?codes?/i;
/**
 * The contract's marked field names that the pattern above misses (endpoints/*.ts, `secretToken`): kept in
 * step by audit-redaction.test.ts, which walks every endpoint. Generic names the contract marks on one route
 * only (`id`, `code`, `state`, `url`, `number`) are not here: a caller whose data has them passes its schema.
 */
export const CONTRACT_SECRET_NAMES: ReadonlySet<string> = new Set([
  'payment_number',
  'paymentNumber',
  'payment_intent',
  'payment_intent_id',
  'nonce',
  's_cptok',
  'qr',
  'md',
  'tap_code',
  'coupon_code',
  'redirect_url',
  // The reservation lookup's pair (endpoints/reservations.ts): together they open a reservation. Its
  // `email` half is a contact field (below): personal data in the audit log, not a secret.
  'reservation_number',
  // A kiosk's one-time pairing address (issue 29): whoever opens it first makes a kiosk of their browser.
  'pairing_url',
]);

/**
 * Personal data (the order form's fields, a member's number, an invited person's address): kept apart so it
 * can be erased. The contract marks some of these secret (an e-mail address) to keep them out of LOGS; in the
 * audit log they are who a change concerned, so they are kept (erasable), and a name here wins over that marker.
 */
const PERSONAL_NAME =
  /^(email|e_mail|email_address|mail_address|to_address|tel|phone|phone_number|mobile|customer_info|address|zip|zip_code|postal_code|birthday|birth_date|kana\d*|name\d+|first_name|last_name|full_name|visitor_name|member_number)$/i;

/** A NUL or an unpaired surrogate: PostgreSQL's jsonb and text refuse both (issue 7). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what it finds
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `text` as the database can store it: an audit event never fails the change it records because a value
 * the change kept elsewhere (or in a form the database took) holds a character jsonb refuses.
 */
export function storable(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) || CONTRACT_SECRET_NAMES.has(name);
}

export function isPersonalName(name: string): boolean {
  return PERSONAL_NAME.test(name);
}

/** A value's parts once split: what before/after may hold, and the personal data found in it by path. */
export interface Redacted {
  value: unknown;
  personal: Record<string, unknown>;
}

type Schema = z.core.$ZodType;

/** The field schemas of an object schema, looked through wrappers (undefined when it is not one). */
function fieldSchema(schema: Schema | undefined, key: string): Schema | undefined {
  let s: Schema | undefined = schema;
  for (let depth = 0; s && depth < 16; depth++) {
    const def = s._zod.def as unknown as {
      type: string;
      shape?: Record<string, Schema>;
      innerType?: Schema;
      in?: Schema;
    };
    if (def.type === 'object') return def.shape?.[key];
    s = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  }
  return undefined;
}

function elementSchema(schema: Schema | undefined): Schema | undefined {
  let s: Schema | undefined = schema;
  for (let depth = 0; s && depth < 16; depth++) {
    const def = s._zod.def as unknown as { type: string; element?: Schema; innerType?: Schema; in?: Schema };
    if (def.type === 'array') return def.element;
    s = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  }
  return undefined;
}

/** `{ key, value }` (the order form's answers): the label stays, and names the value's secrecy. */
function isLabelledPair(value: object): value is { key: string; value: unknown } {
  const keys = Object.keys(value);
  return (
    keys.length === 2 &&
    keys.includes('key') &&
    keys.includes('value') &&
    typeof (value as { key: unknown }).key === 'string'
  );
}

/**
 * Splits `value` for the audit log, recursively: secrets (by name, or marked in `schema`) are replaced by
 * SECRET_PLACEHOLDER and never kept anywhere; personal data is replaced by PERSONAL_PLACEHOLDER and returned
 * apart, by path ('customer_info', 'lines.0.email'), so an erasure can drop it without touching the rest.
 */
export function redactForAudit(value: unknown, schema?: Schema): Redacted {
  return split(value, schema, true);
}

function split(value: unknown, schema: Schema | undefined, apart: boolean): Redacted {
  const personal: Record<string, unknown> = {};
  const walk = (current: unknown, at: Schema | undefined, path: string): unknown => {
    if (typeof current === 'string') return storable(current);
    if (current === null || typeof current !== 'object') return current;
    if (current instanceof Date) return current.toISOString();
    if (Array.isArray(current)) {
      const element = elementSchema(at);
      return current.map((item, index) => walk(item, element, join(path, String(index))));
    }
    if (isLabelledPair(current)) {
      const label = storable(current.key);
      if (isSecretName(current.key)) return { key: label, value: SECRET_PLACEHOLDER };
      if (apart && isPersonalName(current.key)) {
        personal[join(path, 'value')] = stripSecrets(current.value);
        return { key: label, value: PERSONAL_PLACEHOLDER };
      }
      return { key: label, value: walk(current.value, undefined, join(path, 'value')) };
    }
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(current)) {
      if (item === undefined) continue;
      const name = storable(key);
      const field = fieldSchema(at, key);
      if (isSecretName(key)) {
        out[name] = SECRET_PLACEHOLDER;
      } else if (apart && isPersonalName(key)) {
        personal[join(path, name)] = stripSecrets(item);
        out[name] = PERSONAL_PLACEHOLDER;
      } else if (field && isSecretField(field)) {
        out[name] = SECRET_PLACEHOLDER;
      } else {
        out[name] = walk(item, field, join(path, name));
      }
    }
    return out;
  };
  const top = schema && isSecretField(schema) ? SECRET_PLACEHOLDER : walk(value, schema, '');
  return { value: top, personal };
}

/** Personal data keeps its shape but loses any secret in it (an answer labelled "password" in a form). */
function stripSecrets(value: unknown): unknown {
  return split(value, undefined, false).value;
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
