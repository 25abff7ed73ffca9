import { REFUND_STATUSES } from '@kippu/contract/console/refunds-schemas';
import type { OrderTimelineEntry } from '@kippu/contract/console/orders-schemas';
import {
  ORDER_TIMELINE_PAYMENT_STATUSES,
  type OrderTimelineObjectType,
} from '@kippu/contract/console/order-timeline-codes';
import {
  AUDIT_PLACEHOLDERS,
  EDITED_VISITOR_FIELDS,
  ORDER_TIMELINE_COUNT_KEYS,
  ORDER_TIMELINE_MAIL_STATUSES,
  ORDER_TIMELINE_TIME_KEYS,
  ORDER_TIMELINE_YEN_KEYS,
  ORDER_TRANSITION_REASONS,
  REFUND_MONEY,
  REFUND_REASONS,
} from '@kippu/contract/console/order-timeline-details';
import {
  CHECK_IN_MODES,
  CHECK_IN_RESULTS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  TICKET_CHECK_MODES,
} from '@kippu/contract/enums';
import { codeWord } from '../../shared/i18n/code-word.ts';
import { TIMELINE_PREFIXES } from './order-words.tsx';

/**
 * A timeline entry's detail (the contract's ORDER_TIMELINE_DETAIL_KEYS) as staff read it: each key by its
 * label, each value of a closed list by its word (the words the feature already has for statuses, methods,
 * check-in results and cancel reasons), money, counts and times formatted for the language. A key or code
 * without words shows as it is (a row older than a list), and free values (ids, a gateway's failure code,
 * staff's own words) as they were stored.
 */

/** Where the label of a detail key is when the feature already has the word; else `orders_detail_<key>`. */
const LABELS: Readonly<Record<string, string>> = {
  amount: 'orders_amount',
  reason: 'orders_reason',
  status: 'orders_status',
  quantity: 'orders_quantity',
  tickets: 'orders_quantity',
  money: 'orders_cancel_money',
  return_note: 'orders_return_note',
  approval_number: 'orders_terminal_approval',
};
/** A detail key's label; a key without one (an older row's) shows as it is. */
export function detailLabel(t: (key: string) => string, key: string): string {
  const textKey = LABELS[key] ?? `orders_detail_${key}`;
  const text = t(textKey);
  return text === textKey ? key : text;
}

/**
 * The closed lists a detail value may come from: where their words are (codeWord's prefix) and the
 * contract's list of codes, which timeline-details.test.ts checks in all six languages.
 */
export const DETAIL_VALUE_WORDS = {
  order_status: { prefix: TIMELINE_PREFIXES.status, codes: ORDER_STATUSES },
  payment_status: { prefix: TIMELINE_PREFIXES.payment, codes: ORDER_TIMELINE_PAYMENT_STATUSES },
  refund_status: { prefix: TIMELINE_PREFIXES.refund, codes: REFUND_STATUSES },
  mail_status: { prefix: 'orders_mail_status_', codes: ORDER_TIMELINE_MAIL_STATUSES },
  /** The console's own words for a method, as every screen names it (the shell's texts). */
  payment_method: { prefix: 'payment_method_', codes: PAYMENT_METHODS },
  check_in_method: { prefix: 'orders_check_in_method_', codes: TICKET_CHECK_MODES },
  check_in_mode: { prefix: 'orders_check_in_mode_', codes: CHECK_IN_MODES },
  check_in_result: { prefix: TIMELINE_PREFIXES.check_in, codes: CHECK_IN_RESULTS },
  transition_reason: { prefix: 'orders_transition_reason_', codes: ORDER_TRANSITION_REASONS },
  /** The cancel dialog's words, and the system's reasons beside them. */
  refund_reason: { prefix: 'orders_cancel_reason_', codes: REFUND_REASONS },
  refund_money: { prefix: 'orders_detail_money_', codes: REFUND_MONEY },
  /** The visitor panel's labels (orders_fullname, orders_email, orders_phone). */
  visitor_field: { prefix: 'orders_', codes: EDITED_VISITOR_FIELDS },
} as const;
export type DetailValueKind = keyof typeof DETAIL_VALUE_WORDS;

/** The words of the audit log's stand-ins for a secret or a visitor's personal data. */
export const PLACEHOLDER_TEXTS: Readonly<Record<(typeof AUDIT_PLACEHOLDERS)[number], string>> = {
  '[secret]': 'orders_detail_secret',
  '[personal]': 'orders_detail_personal',
};

/** Detail keys the row says already (this order, the entry's own object). */
const SAID_ELSEWHERE = new Set(['object_type', 'object_id', 'order_id']);
const YEN = new Set<string>(ORDER_TIMELINE_YEN_KEYS);
const COUNTS = new Set<string>(ORDER_TIMELINE_COUNT_KEYS);
const TIMES = new Set<string>(ORDER_TIMELINE_TIME_KEYS);
/** An audit event's `status` is its object's: an order's, a payment's or a refund's. */
const AUDIT_STATUS: Partial<Record<string, DetailValueKind>> = {
  order: 'order_status',
  payment: 'payment_status',
  refund: 'refund_status',
} satisfies Partial<Record<OrderTimelineObjectType, DetailValueKind>>;

/** Which closed list a value is from: by its key, and where the same key means two things, by its source. */
export function detailValueKind(
  source: OrderTimelineEntry['source'],
  objectType: string | undefined,
  key: string,
): DetailValueKind | undefined {
  switch (key) {
    case 'from_status':
      return 'order_status';
    case 'status':
      if (source === 'mail') return 'mail_status';
      return source === 'audit' ? AUDIT_STATUS[objectType ?? ''] : undefined;
    case 'method':
      return source === 'check_in' || objectType === 'ticket' ? 'check_in_method' : 'payment_method';
    case 'mode':
      return 'check_in_mode';
    case 'result':
      return 'check_in_result';
    case 'money':
      return 'refund_money';
    case 'fields':
      return 'visitor_field';
    case 'reason':
      // An audit event's reason (a waived top-up's) is what staff typed.
      return source === 'status' ? 'transition_reason' : source === 'refund' ? 'refund_reason' : undefined;
    default:
      return undefined;
  }
}

export interface DetailFormat {
  t: (key: string) => string;
  yen: (value: number) => string;
  count: (value: number) => string;
  dateTime: (iso: string) => string;
  list: (items: string[]) => string;
}

export interface DetailItem {
  key: string;
  label: string;
  value: string;
}

/** The entry's detail, in the order the server wrote it, without what the row says already or is empty. */
export function timelineDetails(entry: OrderTimelineEntry, f: DetailFormat): DetailItem[] {
  const objectType = typeof entry.detail.object_type === 'string' ? entry.detail.object_type : undefined;
  const word = (kind: DetailValueKind, code: string) => codeWord(f.t, DETAIL_VALUE_WORDS[kind].prefix, code);
  const valueOf = (key: string, value: string | number | boolean): string => {
    if (typeof value === 'boolean') return f.t(value ? 'yes' : 'no');
    if (typeof value === 'number') {
      if (YEN.has(key)) return f.yen(value);
      if (COUNTS.has(key)) return f.count(value);
      return String(value);
    }
    if (value in PLACEHOLDER_TEXTS) return f.t(PLACEHOLDER_TEXTS[value as keyof typeof PLACEHOLDER_TEXTS]);
    if (TIMES.has(key) && !Number.isNaN(Date.parse(value))) return f.dateTime(value);
    const kind = detailValueKind(entry.source, objectType, key);
    if (!kind) return value;
    if (kind === 'visitor_field') return f.list(value.split(',').map((field) => word(kind, field.trim())));
    return word(kind, value);
  };
  return Object.entries(entry.detail).flatMap(([key, value]) =>
    value === null || value === '' || SAID_ELSEWHERE.has(key)
      ? []
      : [{ key, label: detailLabel(f.t, key), value: valueOf(key, value) }],
  );
}
