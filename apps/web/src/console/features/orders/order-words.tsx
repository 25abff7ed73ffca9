import type { OrderStatus } from '@kippu/contract/enums';
import type { OrderTimelineSource } from '@kippu/contract/console/orders-schemas';
import { STAFF_REFUND_REASONS } from '@kippu/contract/console/order-timeline-details';
import { codeWord } from '../../shared/i18n/code-word.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';

/**
 * The words for the API's codes (statuses, channels, payment methods, refund and mail states, timeline
 * kinds), each as `codeWord` finds it (a payment method's text is the console's own, as every screen names it).
 */
export function useOrderWords() {
  const { t } = useConsoleI18n();
  const word = (prefix: string, code: string) => codeWord(t, prefix, code);
  return {
    status: (code: string) => word('orders_status_', code),
    channel: (code: string) => word('orders_channel_', code),
    method: (code: string) => word('payment_method_', code),
    payment: (code: string) => word('orders_payment_status_', code),
    refund: (code: string) => word('orders_refund_status_', code),
    ticket: (code: string) => word('orders_ticket_state_', code),
    mail: (code: string) => word('orders_mail_status_', code),
    mailKind: (code: string) => word('orders_mail_kind_', code),
    source: (code: string) => word('orders_source_', code),
    /**
     * A timeline entry's `what`, by its source (a status, a payment's status, a mail's kind, a check-in's
     * result, a refund's status, an audit event's action); a code without words shows as it is.
     */
    timeline: (source: OrderTimelineSource, code: string) => word(TIMELINE_PREFIXES[source], code),
    /** A refund's reason: one of REFUND_REASONS in words (the dialog's and the system's), or what staff typed. */
    reason: (code: string) => word('orders_cancel_reason_', code),
  };
}

/**
 * Where the words of each timeline source's codes are: every code of the contract's ORDER_TIMELINE_CODES has
 * its text under its source's prefix in all six languages (timeline-texts.test.ts), so only a code of an
 * older row, no longer listed, falls back to showing itself.
 */
export const TIMELINE_PREFIXES: Record<OrderTimelineSource, string> = {
  status: 'orders_status_',
  payment: 'orders_payment_status_',
  mail: 'orders_mail_kind_',
  check_in: 'orders_check_in_',
  refund: 'orders_refund_status_',
  audit: 'orders_audit_',
};

/** The reasons the cancel dialog offers (stored as these codes; `other` lets staff type one). */
export const CANCEL_REASONS = [...STAFF_REFUND_REASONS, 'other'] as const;

const TONE: Partial<Record<OrderStatus, string>> = {
  reserved: 'ok',
  refunded: 'muted',
  cancelled: 'muted',
  expired: 'muted',
  changed: 'muted',
};

/** An order's status as a badge (its word, never colour alone). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const words = useOrderWords();
  return (
    <span className={`c-orders-badge c-orders-badge--${TONE[status] ?? 'open'}`}>{words.status(status)}</span>
  );
}
