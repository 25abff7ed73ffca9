import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { recordAudit, type AuditEventInput } from '../audit/record-audit.ts';

/**
 * The optimistic check of every catalogue write (ADR 068): the row, locked in the caller's transaction,
 * must still be at the version the console read; otherwise the writer gets `console edit conflict` and
 * nothing is overwritten. A row that is not there (or not the site's) is `record not found`.
 */
export function checkVersion<T extends { version: number }>(
  row: T | undefined,
  expected: number | undefined,
): T {
  if (!row) throw new AppError('record_not_found');
  if (expected === undefined) {
    throw new AppError('invalid_request', undefined, {
      issues: [{ path: 'querystring.expected_version', message: 'required' }],
    });
  }
  if (row.version !== expected) {
    throw new AppError('console_edit_conflict', undefined, { current_version: row.version });
  }
  return row;
}

/**
 * A catalogue edit in one transaction: lock the row at the version the console read (`lock`, through
 * checkVersion), read it as it was, write, read it as it is now, and audit both (`audit`: the event
 * without them). Answers the row as written.
 */
export async function auditedEdit<T>(
  db: Db,
  steps: {
    lock: (tx: Tx) => Promise<unknown>;
    read: (tx: Tx) => Promise<T>;
    write: (tx: Tx) => Promise<unknown>;
    audit: Omit<AuditEventInput, 'before' | 'after'>;
  },
): Promise<T> {
  return db.transaction(async (tx) => {
    await steps.lock(tx);
    const before = await steps.read(tx);
    await steps.write(tx);
    const after = await steps.read(tx);
    await recordAudit(tx, { ...steps.audit, before, after });
    return after;
  });
}

/** PostgreSQL's foreign_key_violation, as pg raises it or as drizzle wraps it. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (e: unknown) =>
    e && typeof e === 'object' && 'code' in e ? (e as { code: unknown }).code : null;
  const cause =
    error && typeof error === 'object' && 'cause' in error ? (error as { cause: unknown }).cause : null;
  return code(error) === '23503' || code(cause) === '23503';
}

/** A timestamp column as the contract sends it (ISO 8601, UTC). */
export function isoOf(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
