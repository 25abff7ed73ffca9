import { errorCodeOf, type ErrorCode } from '@kippu/contract/errors';

/** What a failed call carries for the error-dialog mapping and for callers that handle a status. */
export type ApiErrorCode =
  'ERR_CANCELED' | 'ERR_NETWORK' | 'ECONNABORTED' | 'ERR_BAD_REQUEST' | 'ERR_BAD_RESPONSE';

export type ApiResponse<T = unknown> = {
  data: T;
  status: number;
  headers: Headers;
};

/**
 * The spec's generic client errors (§8) are exactly these messages, so they stay byte-for-byte here:
 * the server-side error strings are matched elsewhere (error-dialog.ts), these are what a caller or a
 * log sees when the failure has no server answer, or an answer outside 200–299.
 */
export const CLIENT_ERROR_MESSAGES = {
  aborted: 'Request aborted',
  network: 'Network Error',
  timeout: (ms: number) => `timeout of ${ms} ms exceeded`,
  status: (status: number) => `Request failed with status code ${status}`,
} as const;

export class ApiError<T = unknown> extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly code: ApiErrorCode,
    /** Present when the server answered: its status and parsed body. */
    readonly response?: ApiResponse<T>,
  ) {
    super(message);
  }

  get status(): number | undefined {
    return this.response?.status;
  }
}

/** A call its caller cancelled (AbortSignal): no dialog, no stored error body. */
export function isCancel(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'ERR_CANCELED';
}

/** The catalogue code of a server error body `{ error: "<spec string>" }`; undefined for anything else. */
export function serverErrorCode(body: unknown): ErrorCode | undefined {
  const message =
    typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string'
      ? (body as { error: string }).error
      : undefined;
  return errorCodeOf(message);
}
