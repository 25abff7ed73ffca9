import type { Awaiting } from './registry-types.ts';

/**
 * Settings and stored values nothing reads yet (issue 32's list), with the helper making them work. The test
 * prints this list; an entry moves to setting-entries.ts / stored-entries.tsx when its reader is committed.
 * "lead decides": no owner, nothing reads it (issue 32: such a setting must either get a reader or go).
 * "reader committed ... entry to write": the reader landed near issue 32's registry deadline; its entry is due.
 */
export const AWAITING_READER: Awaiting[] = [
  {
    key: 'core.mailToken',
    owner: 'lead decides',
    note:
      'written by the mail link (features/booking/mail/use-confirm-mail.ts) and cleared when the purchase ends; ' +
      "no screen reads it back: /mail-confirm takes the link's ?token=, the mail-release page its path",
  },
];
