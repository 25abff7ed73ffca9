import axios, {
  type AxiosAdapter,
  type AxiosError,
  type AxiosInstance,
  type InternalAxiosRequestConfig,
} from 'axios';
import { useRequestStore } from '../stores/request-store.ts';
import { showErrorDialog } from './error-dialog.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Statuses this call expects and handles itself: no error dialog (spec §7, e.g. DELETE orders 400). */
    ignoredStatuses?: number[];
    /** The caller shows its own message for every failure. */
    noErrorDialog?: boolean;
  }
}

type CountedConfig = InternalAxiosRequestConfig & { counted?: boolean };

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

function finishCount(config: CountedConfig | undefined) {
  if (!config?.counted) return;
  config.counted = false;
  useRequestStore.getState().finish(config.method ?? 'get');
}

function shouldShowDialog(error: AxiosError): boolean {
  if (axios.isCancel(error) || error.config?.noErrorDialog) return false;
  const status = error.response?.status;
  return !(status !== undefined && error.config?.ignoredStatuses?.includes(status));
}

/**
 * The one HTTP client. Relative base URL: every site's page lives at /{slug}/, so calls go to
 * /{slug}/api/v1/... Counters rise when a call starts and fall when it succeeds, fails or is cancelled.
 */
export function createApiClient(adapter?: AxiosAdapter): AxiosInstance {
  const client = axios.create({
    baseURL: './api/v1/',
    xsrfCookieName: XSRF_COOKIE,
    xsrfHeaderName: XSRF_HEADER,
    headers: { Accept: 'application/json' },
    // Only the XMLHttpRequest adapter ships in the bundle (apps/web/build/axios-xhr-only.ts).
    adapter: adapter ?? 'xhr',
  });

  client.interceptors.request.use(
    (config: CountedConfig) => {
      // axios adds the XSRF header only when it judges the URL same-origin; our base URL is always
      // relative, so send it explicitly for every call.
      const token = readCookie(XSRF_COOKIE);
      if (token) config.headers.set(XSRF_HEADER, token);
      useRequestStore.getState().start(config.method ?? 'get');
      config.counted = true;
      return config;
      // Synchronous so the counter rises the moment the call is made, not a tick later.
    },
    undefined,
    { synchronous: true },
  );

  client.interceptors.response.use(
    (response) => {
      finishCount(response.config);
      return response;
    },
    (error: AxiosError) => {
      finishCount(error.config);
      if (!axios.isCancel(error)) useRequestStore.getState().setErrResponseData(error.response?.data ?? null);
      if (shouldShowDialog(error)) showErrorDialog(error.response?.data);
      return Promise.reject(error);
    },
  );
  return client;
}

export const api = createApiClient();
