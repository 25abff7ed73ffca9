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
