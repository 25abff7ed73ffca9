import type { SiteCode } from '@kippu/contract';
import type { AuditActor } from '../audit/record-audit.ts';
import type { PaymentRegistry } from '../payments/payment-registry.ts';
import type { Env } from '../../config/env.ts';

/** What a refund needs from outside the domain: the payment providers, as checkout gets them (app.ts). */
export interface RefundDeps {
  payments: PaymentRegistry;
  /**
   * Where the visitor's refund mail links to, and the gateway time-out a call may still be in flight for
   * (app.env). Required (review finding 4): a caller that forgot it
   * would refund with no mail to the visitor, so the type makes every caller pass it.
   */
  env: RefundMailEnv & Pick<Env, 'GATEWAY_TIMEOUT_MS'>;
}

/** Where the visitor's refund mail links to (the public origin). */
export type RefundMailEnv = Pick<Env, 'PUBLIC_URL' | 'PORT'>;

/** A refund's status (migration 0890): see the column's comment. */
export type RefundStatus =
  'none' | 'awaiting_approval' | 'requested' | 'succeeded' | 'failed' | 'manual' | 'rejected';

export interface CancelTicketsInput {
  site: SiteCode;
  orderId: number;
  /** The tickets to cancel, or every valid ticket of the order. */
  ticketIds: number[] | 'all';
  /** 'refund': money back through the method that took it (manual for cash, card terminal); 'none': no money. */
  money: 'refund' | 'none';
  /**
   * For the timeline: staff's choice (a code of STAFF_REFUND_REASONS) or their own words; the system's own
   * refunds pass a code of SYSTEM_REFUND_REASONS (`satisfies SystemRefundReason`), which the console words.
   */
  reason: string;
  /** The same key answers the same refund: a double click or a retry never refunds twice. */
  idempotencyKey: string;
  /** Staff, system (moves), visitor (moved-visit link). */
  actor: AuditActor;
  /**
   * limitYen: the organisation's refund_limit_yen for every staff refund (above it, counted with what staff
   * already refunded on the order, the refund waits for a second staff member); null: no approval rule (the
   * system, the visitor's moved-visit link).
   */
  approval: { limitYen: number | null };
}

export interface RefundSummary {
  refundId: number;
  status: RefundStatus;
  /** Integer yen given back (or to be given back) in total. */
  amount: number;
  ticketIds: number[];
  /** The return note's number, once one was issued (a refund with money, when tickets were voided). */
  returnNoteNumber?: string;
}

/** One ticket of an order as a refund sees it. */
export interface RefundableTicket {
  ticketId: number;
  sequence: number;
  /** The ticket type's unit price (gross). */
  price: number;
  /** Its pro-rata share of the order's discounts (coupons, membership), so price - couponShare is its money. */
  couponShare: number;
  /** What cancelling it gives back: price - couponShare (the last ticket carries the rounding remainder). */
  amount: number;
  /** Valid and not already in a refund that is waiting or done. */
  refundable: boolean;
  status: 'valid' | 'used' | 'void';
  /** Cancelled by a refund (void through a refund). */
  refunded: boolean;
}
