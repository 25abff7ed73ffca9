import { permits } from '@kippu/contract/console/permissions';
import type { ConsoleSession } from '../../shared/session/session-api.ts';

/** The orders screens' query keys: everything of a site under one prefix, so a write refreshes all of it. */
export const orderKeys = {
  all: (site: string) => ['console', 'orders', site] as const,
  search: (site: string, search: object) => ['console', 'orders', site, 'search', search] as const,
  /** The orders screen's last search value, in memory only (orders-screen.tsx). */
  lastSearch: (site: string, staffId: number) => ['console', 'orders', site, 'last-search', staffId] as const,
  one: (site: string, id: number) => ['console', 'orders', site, 'one', id] as const,
  dateOptions: (site: string, id: number, date: string) =>
    ['console', 'orders', site, 'date-options', id, date] as const,
  /** Each ticket's money and the order's refunds (the refunds area's preview). */
  refundPreview: (site: string, id: number) => ['console', 'orders', site, 'refund-preview', id] as const,
  approvals: (site: string) => ['console', 'orders', site, 'refund-approvals'] as const,
};

/** Resend, the visitor's details, the change of date and cancelling without money back (orders write). */
export function canWriteOrders(session: ConsoleSession): boolean {
  return Boolean(session.permissions && permits(session.permissions.orders, 'write'));
}

/** The refunds' details (return notes, failures) and each ticket's money (refunds read). */
export function canReadRefunds(session: ConsoleSession): boolean {
  return Boolean(session.permissions && permits(session.permissions.refunds, 'read'));
}

/** Cancelling with money back and recording a manual refund (refunds write; the server applies the limit). */
export function canWriteRefunds(session: ConsoleSession): boolean {
  return Boolean(session.permissions && permits(session.permissions.refunds, 'write'));
}
