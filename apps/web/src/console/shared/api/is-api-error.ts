import { ERRORS, type ErrorCode } from '@kippu/contract/errors';
import { ConsoleApiError } from './console-client.ts';

/**
 * Whether a failed call answered the catalogue's `code` (`isApiError(error, 'console_edit_conflict')`). For
 * the lazy feature screens only: the contract's errors module must stay out of the console's first screen
 * (its size budget, ADR 067), which is why console-client.ts keeps its own copies of the strings it needs.
 * A plain boolean rather than a type guard: its false must not narrow the error to "not a ConsoleApiError".
 */
export function isApiError(error: unknown, code: ErrorCode): boolean {
  return error instanceof ConsoleApiError && error.error === ERRORS[code].message;
}
