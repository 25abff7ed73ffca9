import { ERRORS, type ErrorCode } from '@kippu/contract';

/** The one error type services throw; the error handler answers `{ error: ERRORS[code].message }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, detail?: string) {
    super(detail ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
  }
}
