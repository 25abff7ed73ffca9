import type { Awaiting } from './registry-types.ts';

/**
 * Settings and stored values nothing reads yet (issue 32's list), with the helper making them work. The test
 * prints this list; an entry moves to setting-entries.ts / stored-entries.tsx when its reader is committed.
 * "lead decides": no owner, nothing reads it (issue 32: such a setting must either get a reader or go).
 * "reader committed ... entry to write": the reader landed near issue 32's registry deadline; its entry is due.
 */
export const AWAITING_READER: Awaiting[] = [
  // Read by paycards' card2 family at checkout and in the CSP; no entry written yet (issue 32's deadline).
  ...['threeDsScriptUrl', 'serviceId', 'postUrl'].map((key) => ({
    key: `payment.secondaryCardProcessor.${key}`,
    owner: 'paycards (reader committed: card2-config.ts, at checkout and in the CSP)',
    note: 'item 3: entry to write',
  })),
  {
    key: 'payment.thirdProcessor.environment',
    owner: 'paycards (reader committed: card2-config.ts)',
    note: 'item 3: entry to write',
  },
  {
    key: 'payment.merchantIds',
    owner: 'paycards (reader committed: softbank/sbps-config.ts, SOFTBANK_GATEWAY=real only)',
    note: 'item 5: entry to write; merchantIds.gmo/.alipay read by nothing (ADR 101), lead decides',
  },
  {
    key: 'core.spotPaymentMethods',
    owner: 'spot (reader committed: spot-payment-screen.tsx)',
    note: 'item 13: core state in memory, not a stored value',
  },
  {
    key: 'language.followBrowser',
    owner: 'spot (reader committed: server boot-data.ts, ADR 110)',
    note: 'entry to write: the first paint needs a built web page',
  },
];
