import { AxiosError, CanceledError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { useDialogStore } from '../stores/dialog-store.ts';
import { useRequestStore } from '../stores/request-store.ts';
import { createApiClient, XSRF_HEADER } from './api-client.ts';

type Reply = { status: number; data: unknown } | 'network-error' | 'hang';

/** A fake transport: answers per URL; 'hang' waits until the request is aborted. */
function fakeAdapter(replies: Record<string, Reply>, seen: InternalAxiosRequestConfig[] = []): AxiosAdapter {
  return (config) =>
    new Promise((resolve, reject) => {
      seen.push(config);
      const reply = replies[config.url ?? ''] ?? { status: 200, data: {} };
      if (reply === 'hang') {
        config.signal?.addEventListener?.('abort', () => reject(new CanceledError(undefined, config)));
        return;
      }
      if (reply === 'network-error') {
        reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config));
        return;
      }
      const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config };
      if (reply.status >= 200 && reply.status < 300) resolve(response);
      else
        reject(
          new AxiosError(
            `Request failed with status code ${reply.status}`,
            'ERR_BAD_REQUEST',
            config,
            null,
            response,
          ),
        );
    });
}

const counters = () => {
  const { fetching, requesting } = useRequestStore.getState();
  return { fetching, requesting };
};
const dialogs = () => useDialogStore.getState().dialogs;

describe('API client', () => {
  beforeEach(() => {
    useRequestStore.setState({ fetching: 0, requesting: 0, errResponseData: null });
    useDialogStore.setState({ dialogs: [], lastNumber: 0 });
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('uses the site-relative base URL', () => {
    expect(createApiClient().defaults.baseURL).toBe('./api/v1/');
  });

  it('counts a GET as fetching while it runs and falls back on success', async () => {
    const client = createApiClient(fakeAdapter({ langs: { status: 200, data: [] } }));
    const pending = client.get('langs');
    expect(counters()).toEqual({ fetching: 1, requesting: 0 });
    await pending;
    expect(counters()).toEqual({ fetching: 0, requesting: 0 });
  });

  it('counts other methods as requesting and falls back on failure, keeping the error body', async () => {
    const body = { error: 'out of stock' };
    const client = createApiClient(fakeAdapter({ orders: { status: 409, data: body } }));
    const pending = client.post('orders', {});
    expect(counters()).toEqual({ fetching: 0, requesting: 1 });
    await expect(pending).rejects.toThrow('409');
    expect(counters()).toEqual({ fetching: 0, requesting: 0 });
    expect(useRequestStore.getState().errResponseData).toEqual(body);
  });

  it('falls back on cancel and shows no dialog', async () => {
    const client = createApiClient(fakeAdapter({ products: 'hang' }));
    const controller = new AbortController();
    const pending = client.get('products', { signal: controller.signal });
    expect(counters().fetching).toBe(1);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CanceledError);
    expect(counters().fetching).toBe(0);
    expect(dialogs()).toEqual([]);
  });

  it('maps a known server error string to its localized dialog keys', async () => {
    const client = createApiClient(
      fakeAdapter({ orders: { status: 409, data: { error: 'coupon limit reached' } } }),
    );
    await client.post('orders', {}).catch(() => undefined);
    expect(dialogs()).toHaveLength(1);
    expect(dialogs()[0]).toMatchObject({
      titleKey: 'error_dialog_coupon_limit_reached_title',
      textKey: 'error_dialog_coupon_limit_reached_text',
    });
  });

  it('shows the connection dialog for unknown errors and for failures without a body', async () => {
    const client = createApiClient(
      fakeAdapter({ a: { status: 500, data: { error: 'something new' } }, b: 'network-error' }),
    );
    await client.get('a').catch(() => undefined);
    await client.get('b').catch(() => undefined);
    expect(dialogs().map((dialog) => dialog.titleKey)).toEqual([
      'error_dialog_connection_title',
      'error_dialog_connection_title',
    ]);
  });

  it('stays silent for statuses a call ignores, but still rejects', async () => {
    const client = createApiClient(
      fakeAdapter({
        'orders/1': { status: 400, data: { error: 'invalid request' } },
        'mailmagazines/t': { status: 404, data: {} },
      }),
    );
    await expect(client.delete('orders/1', { ignoredStatuses: [400] })).rejects.toThrow();
    await expect(client.get('mailmagazines/t', { ignoredStatuses: [404] })).rejects.toThrow();
    expect(dialogs()).toEqual([]);
    await client.get('mailmagazines/t', { ignoredStatuses: [400] }).catch(() => undefined);
    expect(dialogs()).toHaveLength(1);
  });

  it('sends the XSRF cookie in the X-XSRF-TOKEN header', async () => {
    document.cookie = 'XSRF-TOKEN=abc%2B123';
    const seen: InternalAxiosRequestConfig[] = [];
    const client = createApiClient(fakeAdapter({}, seen));
    await client.post('orders', {});
    expect(seen[0]?.headers.get(XSRF_HEADER)).toBe('abc+123');
  });
});
