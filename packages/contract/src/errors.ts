import { z } from 'zod';

/**
 * The error catalogue (spec §8). `message` is the exact string the server answers in `{ error }`;
 * the frontend looks up its localized dialog by that string (text keys `error_dialog_<code>_title|text`).
 * Codes after the spec's list are Kippu's own, for cases the spec does not name.
 */
export const ERRORS = {
  session_timeout: { message: 'session_timeout', status: 410 },
  out_of_stock: { message: 'out of stock', status: 409 },
  no_stock_registered: { message: 'no stock has been registered for this product', status: 409 },
  time_change_out_of_stock: { message: 'time_change_out_of_stock', status: 409 },
  not_on_sale: { message: 'ticket not on sale now', status: 409 },
  /** 502: the gateway or our set-up failed; a refused payment answers PAYMENT_DECLINED_STATUS (ADR 100). */
  payment_api_failure: { message: 'payment_api_failure', status: 502 },
  cannot_change_ticket: { message: 'cannot change ticket', status: 409 },
  coupon_not_available: { message: 'coupon not available', status: 409 },
  out_of_coverage_dates: { message: 'out of coverage dates', status: 409 },
  coupon_code_not_exist: { message: 'coupon_code does not exist', status: 404 },
  expired_coupon: { message: 'expired coupon', status: 409 },
  coupon_limit_reached: { message: 'coupon limit reached', status: 409 },
  coupon_out_of_coverage_dates: { message: 'out of coverage dates of the coupon', status: 409 },
  invalid_channel: { message: 'invalid channel', status: 400 },
  coupon_fixed_with_invitation: {
    message: 'flat-rate or fixed coupon cannot be used with invitation code',
    status: 409,
  },
  coupon_different_campaigns: {
    message: 'coupons of different campaigns cannot be used together',
    status: 409,
  },
  duplicated_invitation_code: { message: 'duplicated invitation code', status: 409 },
  invitation_codes_exceed_tickets: { message: 'invitation codes exceed tickets', status: 409 },
  no_further_discounts: { message: 'no further discounts', status: 409 },
  discount_calculation_failed: { message: 'discount could not be calculated', status: 409 },
  coupon_not_applicable: { message: 'coupon cannot be applied to specified order', status: 409 },
  ticket_not_found: { message: 'ticket not found', status: 404 },
  parent_ticket_single_child: { message: 'parent ticket has not more than one child ticket', status: 409 },
  cannot_split_ticket: { message: 'option value of ticket less than 1', status: 409 },
  mail_magazine_already_unsubscribed: { message: 'mail magazine already unsubscribed', status: 409 },
  record_not_found: { message: 'record not found', status: 404 },
  order_not_ready_checkout: { message: 'order status must be ready_checkout', status: 409 },
  spot_qr_expired: { message: 'spot qrCode has expired', status: 410 },
  time_change_coupon_expired: { message: 'time_change expired coupon', status: 409 },
  time_change_out_of_coverage_dates: { message: 'time_change out of coverage dates', status: 409 },
  time_change_not_pending: {
    message: 'time change status is not pending or time change expired',
    status: 409,
  },
  waiting_time_change_exists: { message: 'waiting time change exists', status: 409 },
  critical_refund_error: { message: 'critical refund error', status: 500 },
  invalid_email: { message: 'invalid email address', status: 400 },
  invalid_email_time_change: { message: 'invalid email address in time change', status: 400 },
  cannot_change_payment_discount: {
    message: 'cannot change ticket because payment method discount',
    status: 409,
  },
  option_value_not_found: { message: 'option_value_id not found', status: 400 },
  membership_login_failed: { message: 'membership login failed', status: 401 },
  membership_retrieval_failure: { message: 'membership retrieval failure', status: 502 },
  // Kippu's own codes (not in the spec's list).
  invalid_request: { message: 'invalid request', status: 400 },
  invalid_xsrf_token: { message: 'invalid xsrf token', status: 403 },
  not_found: { message: 'not found', status: 404 },
  too_many_requests: { message: 'too many requests', status: 429 },
  /** A gate call without a valid, unrevoked gate key, or a tap with a wrong tap code (ADR 030). */
  gate_not_authorised: { message: 'gate device not authorised', status: 401 },
  /** Past what the server can answer in time (overload protection, ADR 034): try again after Retry-After. */
  server_busy: { message: 'server busy', status: 503 },
  /** The database cannot be reached or did not answer in time (ADR 046): try again after Retry-After. */
  temporarily_unavailable: { message: 'temporarily unavailable', status: 503 },
  /** One client already holds as much as the site allows at once (hold caps, ADR 015). */
  too_many_holds: { message: 'too many holds', status: 409 },
  internal_error: { message: 'internal error', status: 500 },
  // The console's own codes (issue 27): its session, CSRF and Origin checks, sign-in and passwords.
  /** No console session (never signed in, signed out, timed out, or the staff member was removed). */
  console_sign_in_required: { message: 'console sign in required', status: 401 },
  /** Wrong e-mail or password: one answer for both, so it never tells whether an account exists. */
  console_sign_in_failed: { message: 'console sign in failed', status: 401 },
  /** Signed in with the password; the role asks for the second factor before anything else. */
  console_second_factor_required: { message: 'console second factor required', status: 401 },
  /** The TOTP or recovery code was not accepted. */
  console_second_factor_failed: { message: 'console second factor failed', status: 401 },
  /** A sensitive change needs the password again (within the last five minutes). */
  console_reauthentication_required: { message: 'console reauthentication required', status: 401 },
  /** A console write whose Origin is not the console's. */
  console_forbidden_origin: { message: 'console forbidden origin', status: 403 },
  /** A console write without the session's CSRF token in x-console-csrf. */
  console_csrf: { message: 'console csrf token invalid', status: 403 },
  /** A new password too short, too long or on the list of common and breached passwords. */
  console_password_rules: { message: 'console password rules', status: 400 },
  /** An invitation or password-reset link that is unknown, used or expired. */
  console_link_expired: { message: 'console link expired', status: 410 },
  /** Inviting an e-mail address that is already a member of the organisation, or already invited. */
  console_staff_exists: { message: 'console staff exists', status: 409 },
  // The console's catalogue, schedule, coupons and settings (issue 28).
  /** Saved by someone else after this screen was opened: reload, then make the change again. */
  console_edit_conflict: { message: 'console edit conflict', status: 409 },
  /** An order of the purchase is being held or paid, or a mail to the visitor is still queued: later (ADR 122). */
  console_erasure_in_progress: { message: 'console erasure in progress', status: 409 },
  /** A capacity below what is already sold and held in the slot. */
  console_capacity_below_taken: { message: 'console capacity below taken', status: 409 },
  /** The product already has a slot starting at that time. */
  console_slot_start_taken: { message: 'console slot start taken', status: 409 },
  /** The change would strand visitors who hold tickets for the slot: move them first. */
  console_slot_has_tickets: { message: 'console slot has tickets', status: 409 },
  /** Publishing with a language missing, without confirming the fallback. */
  console_translation_missing: { message: 'console translation missing', status: 400 },
  /** An upload that is not a PNG, JPEG or WebP image within the size limits. */
  console_image_rejected: { message: 'console image rejected', status: 400 },
  /** A script address that is not https on the allow-list. */
  console_script_not_allowed: { message: 'console script not allowed', status: 400 },
  /** Site colours below the contrast minimum (3:1 for controls, 4.5:1 for text). */
  console_contrast_too_low: { message: 'console contrast too low', status: 400 },
  /** A site address the server reserves or another site uses. */
  console_slug_unavailable: { message: 'console slug unavailable', status: 409 },
  /** A coupon code the site already has. */
  console_code_taken: { message: 'console code taken', status: 409 },
  /** Removing something that orders or tickets still refer to: retire or close it instead. */
  console_in_use: { message: 'console in use', status: 409 },
  // The console's orders, refunds, moves, box office and kiosk (issue 29).
  /** A refund larger than what is left of the payments (paid less refunded). */
  console_refund_exceeds_paid: { message: 'console refund exceeds paid', status: 409 },
  /** The chosen tickets are already cancelled or refunded, or the order is not reserved. */
  console_nothing_to_refund: { message: 'console nothing to refund', status: 409 },
  /** A refund above the organisation's limit is approved by a second staff member, never by the one who asked for it, nor by a role limited below the amount. */
  console_refund_needs_other_approver: { message: 'console refund needs other approver', status: 409 },
  /** The gateway refused the refund: it is recorded as failed; try again, or record a manual refund. */
  console_refund_failed: { message: 'console refund failed', status: 409 },
  /** Visitors of this slot or day are already being moved: wait for that run to finish. */
  console_move_in_progress: { message: 'console move in progress', status: 409 },
  /** The cash received is less than the total. */
  console_cash_short: { message: 'console cash short', status: 400 },
  /** A kiosk call without a valid, unrevoked kiosk device key. */
  kiosk_not_authorised: { message: 'kiosk device not authorised', status: 401 },
  /** The self-service link of a moved visit after its deadline, or once used. */
  moved_visit_expired: { message: 'moved visit offer expired', status: 410 },
  // The console's integrations and the partner API (issue 30).
  /** A partner API call whose bearer token is unknown, expired or revoked. */
  api_token_invalid: { message: 'api token invalid', status: 401 },
  /** An idempotency key used again with a different body: the first booking stands. */
  idempotency_key_reused: { message: 'idempotency key reused', status: 422 },
  /** A webhook target on a private, loopback or link-local address (outside development), or not http(s). */
  webhook_target_refused: { message: 'webhook target refused', status: 400 },
  /** A partner booking that can no longer be cancelled (checked in, or its visit is over). */
  partner_booking_not_cancellable: { message: 'partner booking not cancellable', status: 409 },
  // The waiting room for on-sale rushes (issue 31, ADR 095).
  /** An order for a product whose queue is in force, without a place the queue admitted: join it first. */
  waiting_room_required: { message: 'waiting room required', status: 409 },
  /** Admitted by the queue, but the window to hold passed (or its one hold was used): join again. */
  waiting_room_admission_expired: { message: 'waiting room admission expired', status: 409 },
} as const satisfies Record<string, { message: string; status: number }>;

/**
 * ADR 100: `payment_api_failure` is the spec's one string for a payment that did not go through, so the
 * visitor's dialog stays one; its status tells a refusal from a fault. A payment the gateway refused (a
 * declined card, a failed 3-D Secure check, cancelled on the gateway's page) answers 402: the visitor can
 * pay again with another card. A gateway that did not answer, an attempt still undecided, or a method the
 * site has not configured answers the catalogue's 502: a fault on our side or the gateway's.
 */
export const PAYMENT_DECLINED_STATUS = 402;

export type ErrorCode = keyof typeof ERRORS;
export type ErrorMessage = (typeof ERRORS)[ErrorCode]['message'];
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

const codeByMessage = new Map<string, ErrorCode>(ERROR_CODES.map((code) => [ERRORS[code].message, code]));

/** The catalogue code for a server error string, or undefined for strings the catalogue does not know. */
export function errorCodeOf(message: string | undefined): ErrorCode | undefined {
  return message === undefined ? undefined : codeByMessage.get(message);
}

/** Body of every API error. `issues` lists field problems for `invalid request`. */
export const errorBodySchema = z.object({
  error: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
