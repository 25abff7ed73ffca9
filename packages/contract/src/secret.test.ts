import { readdirSync } from 'node:fs';
import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkoutResponseSchema } from './endpoints/checkout.ts';
import { paymentFailureSchema } from './endpoints/payment-returns.ts';
import { spotStocksQuerySchema } from './endpoints/spot.ts';
import { ticketResponseSchema } from './endpoints/ticket.ts';
import { timeChangeParamsSchema } from './endpoints/time-change.ts';
import { isSecretField, secretKeys, secretToken, secretValuesIn } from './secret.ts';
import { tokenParamsSchema, tokenSchema } from './validation/storable-text.ts';

describe('the secret marker', () => {
  it('marks a copy and leaves the shared format unmarked', () => {
    const marked = secretToken(tokenSchema);
    expect(isSecretField(marked)).toBe(true);
    expect(isSecretField(tokenSchema)).toBe(false);
    expect(marked.safeParse('abc').success).toBe(true);
    expect(marked.safeParse('a b').success).toBe(false);
  });

  it('is seen through optional, nullable and default wrappers', () => {
    const marked = secretToken(z.string());
    expect(isSecretField(marked.optional())).toBe(true);
    expect(isSecretField(marked.nullable())).toBe(true);
    expect(isSecretField(marked.default('x'))).toBe(true);
    expect(isSecretField(z.string().optional())).toBe(false);
  });

  it('names the secret keys of path parameters and queries', () => {
    expect(secretKeys(tokenParamsSchema)).toEqual(['id']);
    expect(secretKeys(timeChangeParamsSchema)).toEqual(['reservationToken', 'timechangeToken']);
    expect(secretKeys(spotStocksQuerySchema)).toEqual(['qr_token']);
    expect(secretKeys(z.object({ lang: z.string() }))).toEqual([]);
  });

  it('collects the secret values of an answer, through unions, arrays and nulls', () => {
    expect(
      secretValuesIn(checkoutResponseSchema, {
        status: 'reserved',
        reservation_token: 'RES',
        reservation_number: 'R-1',
      }),
    ).toEqual(['RES']);
    expect(
      secretValuesIn(checkoutResponseSchema, {
        status: 'redirect',
        redirect_url: 'URL',
        payment_number: 'PN',
      }),
    ).toEqual(['URL', 'PN']);
    expect(
      secretValuesIn(paymentFailureSchema, {
        error: 'x',
        can_retry: true,
        order_token: 'ORD',
        is_time_change: false,
        old_reservation_token: null,
        time_change_token: null,
        sales_channel: 'web',
      }),
    ).toEqual(['ORD']);
    const ticket = { id: 1, sequence: 1, option_name: 'A', status: 'valid', qr: 'K1.1.S.G' };
    expect(
      secretValuesIn(ticketResponseSchema, { tickets: [ticket, { ...ticket, qr: 'K1.2.S.G' }] }),
    ).toEqual(['K1.1.S.G', 'K1.2.S.G']);
  });
});

/** Every field of a schema, with its key, through objects, arrays, unions, records and wrappers. */
function fieldsOf(schema: z.core.$ZodType, seen = new Set<unknown>()): [string, z.core.$ZodType][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = ['innerType', 'in', 'out', 'element', 'valueType', 'left', 'right']
    .map((key) => def[key])
    .filter((s): s is z.core.$ZodType => typeof s === 'object' && s !== null && '_zod' in s);
  const options = (def.options as z.core.$ZodType[] | undefined) ?? [];
  const shape = (def.type === 'object' ? def.shape : undefined) as
    Record<string, z.core.$ZodType> | undefined;
  return [
    ...Object.entries(shape ?? {}).flatMap(([key, field]) => [
      [key, field] as [string, z.core.$ZodType],
      ...fieldsOf(field, seen),
    ]),
    ...[...inner, ...options].flatMap((s) => fieldsOf(s, seen)),
  ];
}

/**
 * Fields named like a secret that are not one, each with why. An idempotency key is the caller's own random
 * request id: it opens nothing by itself (a retry with it answers only the same signed-in member's or the same
 * token's earlier request), and a log that keeps it is how a double submission is traced.
 */
const PUBLIC_FIELDS = new Set(['idempotency_key']);

describe('the contract marks every token it declares', () => {
  it('leaves no field named like a token, a key, a QR payload or a password unmarked', async () => {
    // Every module of the contract, not only the index: the console's and the partner API's schemas are
    // imported by their own paths (`@kippu/contract/console/...`) and would otherwise escape this check.
    const files = readdirSync(new URL('.', import.meta.url), { recursive: true, encoding: 'utf8' })
      .map((file) => file.split(sep).join('/'))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'));
    const loaded = await Promise.all(
      files.map(
        async (file) => [`./${file}`, (await import(`./${file}`)) as Record<string, unknown>] as const,
      ),
    );
    expect(loaded.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        './index.ts',
        './console/api-tokens-schemas.ts',
        './partner/partner-schemas.ts',
      ]),
    );
    const schemas = loaded.flatMap(([path, exports]) =>
      Object.entries(exports)
        .filter(([, value]) => typeof value === 'object' && value !== null && '_zod' in value)
        .map(([name, value]) => [`${path}:${name}`, value] as [string, z.core.$ZodType]),
    );
    expect(schemas.length).toBeGreaterThan(100);
    const unmarked = schemas.flatMap(([name, schema]) =>
      fieldsOf(schema)
        .filter(([key]) => /token$|_token|^qr$|payment_number|password|^md$|s_cptok|_key$/i.test(key))
        .filter(([, field]) => !isSecretField(field))
        .filter(([key]) => !PUBLIC_FIELDS.has(key))
        .map(([key]) => `${name}.${key}`),
    );
    expect([...new Set(unmarked)]).toEqual([]);
    // It transforms and imports every module of the contract (over a hundred): seconds on a busy CI machine.
  }, 30_000);
});
