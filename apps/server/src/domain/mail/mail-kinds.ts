import type { LangCode, ProductType } from '@kippu/contract';

/**
 * What each kind of mail carries (ADR 016). Everything its template needs is computed when the mail is
 * queued, in the visitor's language, so the worker reads the outbox row alone: a product renamed or a
 * price changed after the purchase never changes a mail already queued.
 */
export interface MailPayloads {
  /** The link that confirms a visitor's e-mail address on a mail-confirm site (ADR 020). */
  mail_confirmation: {
    confirmUrl: string;
    siteName: string;
    /** ISO date-time: the link works while the temporary order holds its tickets. */
    expiresAt: string;
  };
  /** The operator's invitation on an invitation-only site (MORI, ADR 020); the link starts the order. */
  invitation: {
    confirmUrl: string;
    siteName: string;
    productName: string;
    productType: ProductType;
    /** ISO date-times of the invited slot. */
    startsAt: string;
    endsAt: string;
  };
  /** Sent in the checkout transaction once the order is reserved. */
  purchase_confirmation: {
    siteName: string;
    reservationNumber: string;
    productName: string;
    productType: ProductType;
    /** ISO date-times of the visit (a slot, a day, or a period's first and last day). */
    startsAt: string;
    endsAt: string;
    ticketUrl: string;
    /** Ticket types and add-ons; unitPrice in yen. */
    lines: { name: string; quantity: number; unitPrice: number }[];
    /** Coupon discount in yen (0 when none). */
    discount: number;
    /** Amount paid in yen. */
    total: number;
    /** The mail-magazine release link (ADR 022), while the address gets a magazine; absent in older rows. */
    unsubscribeUrl?: string;
  };
  /** A ticket link a holder sends to another address (ADR 021), in the language they chose. */
  ticket_link: {
    siteName: string;
    productName: string;
    productType: ProductType;
    /** ISO date-times of the visit. */
    startsAt: string;
    endsAt: string;
    ticketUrl: string;
  };
  /** A change of date completed (ADR 029): the new visit, the one it replaces and the top-up paid. */
  date_changed: {
    siteName: string;
    reservationNumber: string;
    productName: string;
    productType: ProductType;
    /** ISO date-times of the new visit. */
    startsAt: string;
    endsAt: string;
    /** ISO date-times of the visit it replaces. */
    previousStartsAt: string;
    previousEndsAt: string;
    ticketUrl: string;
    /** Top-up paid in yen (0 when none). */
    paid: number;
  };
  /** A console invitation (issue 27), in the invited person's language; the link accepts it once. */
  staff_invitation: {
    organisationName: string;
    inviterName: string;
    roleName: string;
    acceptUrl: string;
    /** ISO date-time the link stops working. */
    expiresAt: string;
  };
  /** A console password reset link, in the staff member's language. */
  staff_password_reset: {
    resetUrl: string;
    /** ISO date-time the link stops working. */
    expiresAt: string;
  };
  /** The console moved the visitor's slot (issue 28, ADR 069): same tickets, new time; sent to each holder. */
  slot_moved: {
    siteName: string;
    reservationNumber: string;
    productName: string;
    productType: ProductType;
    /** ISO date-times of the moved slot. */
    startsAt: string;
    endsAt: string;
    /** ISO date-times the slot had before. */
    previousStartsAt: string;
    previousEndsAt: string;
    ticketUrl: string;
  };
  /**
   * A run moved the visitor's reservation out of a closed slot or day (issue 29, ADR 079): new time, new QR
   * codes; the holder's mail carries the self-service link (choose another slot or a refund) until `choiceUntil`.
   */
  visit_moved: {
    siteName: string;
    reservationNumber: string;
    productName: string;
    productType: ProductType;
    /** ISO date-times of the new visit. */
    startsAt: string;
    endsAt: string;
    /** ISO date-times of the closed slot. */
    previousStartsAt: string;
    previousEndsAt: string;
    ticketUrl: string;
    /** The self-service link and its deadline (ISO): the holder's mail only, while a choice may be made. */
    choiceUrl?: string;
    choiceUntil?: string;
  };
  /**
   * A companion's shared tickets moved with the purchase (ADR 107: a change of date, or the console's move),
   * to an address the share's link was sent to: the share's own number and link; its QR codes stay.
   */
  shared_visit_moved: {
    siteName: string;
    reservationNumber: string;
    productName: string;
    productType: ProductType;
    /** ISO date-times of the new visit and of the one it replaces. */
    startsAt: string;
    endsAt: string;
    previousStartsAt: string;
    previousEndsAt: string;
    ticketUrl: string;
  };
  /**
   * Tickets of the visitor's reservation were cancelled with money back (issue 29, ADR 076): how much, for
   * which tickets, and the link to the return note (返還インボイス) issued for it.
   */
  refund_issued: {
    siteName: string;
    reservationNumber: string;
    productName: string;
    /** Yen given back. */
    amount: number;
    /** How many tickets were cancelled. */
    ticketCount: number;
    returnNoteNumber: string;
    returnNoteUrl: string;
    ticketUrl: string;
  };
  /** An owner reset the staff member's second factor. */
  staff_second_factor_reset: {
    organisationName: string;
    resetByName: string;
    signInUrl: string;
  };
  /** A webhook subscription was turned off (issue 30, ADR 087): to each owner, in their language. */
  webhook_disabled: {
    organisationName: string;
    /** The receiver's origin and path (its query, which may carry a token, left out). */
    target: string;
    /** `gone`: the receiver answered 410; `failures`: deliveries kept failing after all their tries. */
    reason: 'gone' | 'failures';
    /** The subscription's console page. */
    webhookUrl: string;
  };
  /**
   * The daily settlement (issue 30, ADR 084) to a chosen staff member, in their console language: its texts
   * and figures made when queued from the reports' texts, the CSV of the same rows attached.
   */
  daily_settlement: {
    organisationName: string;
    /** The Tokyo day settled (YYYY-MM-DD). */
    day: string;
    subject: string;
    intro: string;
    /** One row per method (and site): its label and its figures as text. */
    rows: { label: string; value: string; strong?: boolean }[];
    openLabel: string;
    reportUrl: string;
    note: string;
    csv: { filename: string; content: string };
  };
}

export type MailKind = keyof MailPayloads;

export const MAIL_KINDS = [
  'mail_confirmation',
  'invitation',
  'purchase_confirmation',
  'ticket_link',
  'date_changed',
  'staff_invitation',
  'staff_password_reset',
  'staff_second_factor_reset',
  'slot_moved',
  'visit_moved',
  'refund_issued',
  'webhook_disabled',
  'daily_settlement',
  'shared_visit_moved',
] as const satisfies readonly MailKind[];

/** Who gets a mail, on which site, in which language. */
interface MailEnvelope {
  siteCode: string;
  /** The recipient's address. */
  to: string;
  lang: LangCode;
}

/** A mail to queue: `kind` decides the payload's shape. */
export type OutboxMail = {
  [K in MailKind]: MailEnvelope & { kind: K; payload: MailPayloads[K] };
}[MailKind];

/** A mail of one kind (for code that builds one). */
export type OutboxMailOf<K extends MailKind> = Extract<OutboxMail, { kind: K }>;
