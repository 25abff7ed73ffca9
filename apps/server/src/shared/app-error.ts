import { ERRORS, PAYMENT_DECLINED_STATUS, type ErrorCode } from '@kippu/contract';

/** The one error type services throw; the error handler answers `{ error: ERRORS[code].message }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /**
   * Fields answered beside `error` (the spec's 3-D Secure failure fields: can_retry, order_token, ...);
   * never a reason for support, which goes to `message` (logged, not answered).
   */
  readonly fields: Readonly<Record<string, unknown>> | undefined;
  /** A payment the gateway refused (ADR 100): the visitor's doing, answered 402 instead of the fault's 502. */
  readonly declined: boolean;

  constructor(code: ErrorCode, detail?: string, fields?: Record<string, unknown>, declined = false) {
    // A refusal (4xx) is an answer, not a fault: no stack trace to capture. On a sold-out slot thousands
    // of `out of stock` refusals a second made the capture a visible share of the hold path (issue 12).
    const stackTraceLimit = Error.stackTraceLimit;
    if (ERRORS[code].status < 500 || declined) Error.stackTraceLimit = 0;
    super(detail ?? ERRORS[code].message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'AppError';
    this.code = code;
    this.declined = declined && code === 'payment_api_failure';
    this.status = this.declined ? PAYMENT_DECLINED_STATUS : ERRORS[code].status;
    this.fields = fields;
  }
}

/** payment_api_failure for a payment the gateway refused (ADR 100): 402 with the one error body. */
export function paymentDeclined(detail?: string, fields?: Record<string, unknown>): AppError {
  return new AppError('payment_api_failure', detail, fields, true);
}
