import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANG_CODES } from '@kippu/contract/enums';
import { ERRORS } from '@kippu/contract/errors';
import { ERROR_TEXTS } from '../../test/locale-texts.ts';
import { useBusyStore } from '../stores/busy-store.ts';
import { useDialogStore } from '../stores/dialog-store.ts';
import { ROUTES } from '@kippu/contract/routes';
import { BUSY_RETRIES, busyDelayMs, createApiClient } from './api-client.ts';

const busy = () =>
  new Response(JSON.stringify({ error: ERRORS.server_busy.message }), {
    status: 503,
    headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
  });
const ok = () => new Response(JSON.stringify({ ok: true }), { status: 201 });

describe('a 503 server busy answer (ADR 034)', () => {
  afterEach(() => vi.useRealTimers());

  it('waits, says so on screen, and tries again by itself: a hold gets through without an error', async () => {
    vi.useFakeTimers();
    const transport = vi
      .fn()
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(ok());
    const client = createApiClient({ baseURL: 'http://kippu.test/api/v1/', fetch: transport });
    const call = client.request<{ ok: boolean }>('POST', 'orders', { quantity: 1 });
    await vi.waitFor(() => expect(useBusyStore.getState().retryAt).not.toBeNull());
    await vi.advanceTimersByTimeAsync(10_000);
    const response = await call;
    expect(response.status).toBe(201);
    expect(transport).toHaveBeenCalledTimes(3);
    expect(useBusyStore.getState().retryAt).toBeNull();
    expect(useDialogStore.getState().dialogs).toHaveLength(0);
  });

  it('shows the translated busy dialog after its tries run out', async () => {
    vi.useFakeTimers();
    const transport = vi.fn(async () => busy());
    const client = createApiClient({ baseURL: 'http://kippu.test/api/v1/', fetch: transport });
    const call = client.request('GET', 'products/stocks').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    const error = (await call) as { status?: number };
    expect(error.status).toBe(503);
    expect(transport).toHaveBeenCalledTimes(BUSY_RETRIES + 1);
    expect(JSON.stringify(useDialogStore.getState())).toContain('error_dialog_server_busy_title');
  });

  it('does not retry other 503s', async () => {
    const transport = vi.fn(async () => new Response('{"error":"internal error"}', { status: 503 }));
    const client = createApiClient({ baseURL: 'http://kippu.test/api/v1/', fetch: transport });
    await expect(client.request('GET', 'langs', undefined, { noErrorDialog: true })).rejects.toMatchObject({
      status: 503,
    });
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it('backs off: Retry-After doubled per try, capped, with jitter', () => {
    expect(busyDelayMs(0, '1', () => 0.5)).toBe(1000);
    expect(busyDelayMs(2, '1', () => 0.5)).toBe(4000);
    expect(busyDelayMs(9, '1', () => 0.5)).toBe(8000);
    expect(busyDelayMs(0, null, () => 0)).toBe(750);
  });
});

const unavailable = () =>
  new Response(JSON.stringify({ error: ERRORS.temporarily_unavailable.message }), {
    status: 503,
    headers: { 'Content-Type': 'application/json', 'Retry-After': '5' },
  });

describe('a 503 temporarily unavailable answer: the database is away (ADR 046)', () => {
  afterEach(() => {
    vi.useRealTimers();
    useDialogStore.setState({ dialogs: [] });
  });

  it('waits as for a busy server, says why, and gets through once the database is back', async () => {
    vi.useFakeTimers();
    const transport = vi
      .fn()
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(ok());
    const client = createApiClient({ baseURL: 'http://kippu.test/api/v1/', fetch: transport });
    // A PUT: running it twice is harmless.
    const call = client.request<{ ok: boolean }>('PUT', 'orders/token', { quantity: 1 });
    await vi.waitFor(() => expect(useBusyStore.getState().retryAt).not.toBeNull());
    expect(useBusyStore.getState().reason).toBe('unavailable');
    await vi.advanceTimersByTimeAsync(30_000);
    const response = await call;
    expect(response.status).toBe(201);
    expect(transport).toHaveBeenCalledTimes(3);
    expect(useBusyStore.getState().retryAt).toBeNull();
    expect(useDialogStore.getState().dialogs).toHaveLength(0);
  });

  it('does not try a create (POST) again by itself: it may have committed before the cut', async () => {
    vi.useFakeTimers();
    const transport = vi.fn().mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(ok());
    const client = createApiClient({ baseURL: 'http://kippu.test/api/v1/', fetch: transport });
    const call = client.request('POST', 'orders', { quantity: 1 }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(30_000);
    const error = (await call) as { status?: number };
    expect(error.status).toBe(503);
    expect(transport).toHaveBeenCalledTimes(1);
    expect(useBusyStore.getState().retryAt).toBeNull();
    expect(JSON.stringify(useDialogStore.getState().dialogs)).toContain(
      'error_dialog_temporarily_unavailable_title',
    );
  });

  it('tries a POST again when the call says it is idempotent, and every call after server busy', async () => {
    vi.useFakeTimers();
    const transport = vi
      .fn()
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(ok())
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(ok());
    const client = createApiClient({ baseURL: 'http://kippu.test/api/v1/', fetch: transport });
    const idempotent = client.request('POST', 'gate/check-ins/sync', {}, { idempotent: true });
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await idempotent).status).toBe(201);
    expect(transport).toHaveBeenCalledTimes(2);
    const refused = client.request('POST', 'orders', { quantity: 1 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await refused).status).toBe(201);
    expect(transport).toHaveBeenCalledTimes(4);
    expect(useDialogStore.getState().dialogs).toHaveLength(0);
  });

  it("tries a contract call again when its route says it is idempotent (checkout), not a create's", async () => {
    vi.useFakeTimers();
    const reserved = { status: 'reserved', reservation_token: 'r-1', reservation_number: 'K7QX2M9P' };
    const transport = vi
      .fn()
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(new Response(JSON.stringify(reserved), { status: 200 }))
      .mockResolvedValueOnce(unavailable());
    const client = createApiClient({ baseURL: 'http://kippu.test/api/v1/', fetch: transport });
    const checkout = client.call(ROUTES.checkout, {
      params: { id: 'o-1' },
      body: { payment_method_type: 'free' },
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await checkout).data).toEqual(reserved);
    expect(transport).toHaveBeenCalledTimes(2);
    const body = {
      lang: 'ja' as const,
      product_uuid: '00000000-0000-4000-8000-000000000000',
      time_span_id: 1,
      quantity: 1,
      option_values: [{ option_value_id: 1, quantity: 1 }],
    };
    const create = client.call(ROUTES.createOrder, { body }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(((await create) as { status?: number }).status).toBe(503);
    expect(transport).toHaveBeenCalledTimes(3);
  });

  it('shows the translated temporarily-unavailable dialog after the back-off runs out', async () => {
    vi.useFakeTimers();
    const transport = vi.fn(async () => unavailable());
    const client = createApiClient({ baseURL: 'http://kippu.test/api/v1/', fetch: transport });
    const call = client.request('GET', 'products/stocks').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    const error = (await call) as { status?: number };
    expect(error.status).toBe(503);
    expect(transport).toHaveBeenCalledTimes(BUSY_RETRIES + 1);
    const dialogs = JSON.stringify(useDialogStore.getState().dialogs);
    expect(dialogs).toContain('error_dialog_temporarily_unavailable_title');
    expect(dialogs).toContain('error_dialog_temporarily_unavailable_text');
  });

  it('has its dialog and its waiting notice in all six languages', () => {
    for (const lang of LANG_CODES) {
      for (const key of [
        'error_dialog_temporarily_unavailable_title',
        'error_dialog_temporarily_unavailable_text',
        'unavailable_retry_notice',
      ]) {
        expect(ERROR_TEXTS[lang][key], `${lang} ${key}`).toBeTruthy();
      }
      expect(ERROR_TEXTS[lang].unavailable_retry_notice).toContain('{seconds}');
    }
  });
});
