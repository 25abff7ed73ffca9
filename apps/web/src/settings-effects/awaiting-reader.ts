import type { Awaiting } from './registry-types.ts';

/**
 * Settings and stored values nothing reads yet (issue 32's list), with the helper making them work. The test
 * prints this list; an entry moves to setting-entries.ts / stored-entries.tsx when its reader is committed.
 * "lead decides": no owner, nothing reads it (issue 32: such a setting must either get a reader or go).
 * "reader committed ... entry to write": the reader landed near issue 32's registry deadline; its entry is due.
 */
export const AWAITING_READER: Awaiting[] = [];
