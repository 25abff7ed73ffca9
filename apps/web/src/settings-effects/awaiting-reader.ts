import type { Awaiting } from './registry-types.ts';

/**
 * Settings and stored values nothing reads yet (issue 32's list), with the helper making them work. The test
 * prints this list; an entry moves to setting-entries.ts / stored-entries.tsx when its reader is committed.
 * "lead decides": no owner, nothing reads it (issue 32: such a setting must either get a reader or go).
 */
export const AWAITING_READER: Awaiting[] = [
  // Read by paycards' card2 family at checkout and in the CSP; no entry written yet (issue 32's deadline).
  ...['threeDsScriptUrl', 'serviceId', 'postUrl'].map((key) => ({
    key: `payment.secondaryCardProcessor.${key}`,
    owner: 'paycards',
    note: 'item 3',
  })),
  { key: 'payment.thirdProcessor.environment', owner: 'paycards', note: 'item 3' },
  { key: 'payment.merchantIds', owner: 'paycards', note: 'item 5: the gateways read them' },
  { key: 'ticket.changeDatePaymentResult', owner: 'topup', note: 'item 12' },
  { key: 'core.spotPaymentMethods', owner: 'spot', note: 'item 13 (kept in memory today)' },
  { key: 'ticket.shareToken', owner: 'gate or spot (share screens)', note: 'item 14' },
  { key: 'spotOrderTokens.orderTokens', owner: 'spot', note: 'item 15' },
  { key: 'spot.savedSpotOrder', owner: 'spot', note: 'item 16' },
  { key: 'spot.spotGtmConversionData', owner: 'spot', note: 'item 17' },
  {
    key: 'footer.partnerBrands',
    owner: 'whoever adds it (item 29, uncommitted)',
    note: 'partner brand marks',
  },
  {
    key: 'language.followBrowser',
    owner: 'spot (ADR 110, uncommitted)',
    note: 'first visit in the browser language',
  },
];
