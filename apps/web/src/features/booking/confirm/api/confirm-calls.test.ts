import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@kippu/contract/errors';
import { checkoutOrder } from './confirm-calls.ts';

const unavailable = () =>
  new Response(JSON.stringify({ error: ERRORS.temporarily_unavailable.message }), {
    status: 503,
    headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
  });

describe('POST /orders/checkout after a database fault (ADR 046, 047)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is tried again by itself: the server joins the attempt, so a charged card still ends reserved', async () => {
    vi.useFakeTimers();
    const reserved = { status: 'reserved', reservation_token: 'r-token', reservation_number: 'R1' };
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(
        new Response(JSON.stringify(reserved), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    vi.stubGlobal('fetch', fetch);
    const call = checkoutOrder('o-token', { payment_method_type: 'gmo', lang: 'en' } as never);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(call).resolves.toEqual(reserved);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(String(fetch.mock.calls[1]![0])).toContain('orders/checkout/o-token');
  });
});
