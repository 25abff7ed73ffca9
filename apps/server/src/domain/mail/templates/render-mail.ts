import { formatDate, formatPrice, formatTime } from '@kippu/contract';
import type { OutboxMail, OutboxMailOf } from '../mail-kinds.ts';
import { purchaseCalendar } from './calendar-attachment.ts';
import { renderHtml, renderText, type MailDocument } from './mail-layout.ts';
import { mailText } from './mail-texts.ts';
import {
  movedVisitDocument,
  sharedVisitMovedDocument,
  slotMovedDocument,
  visitMovedDocument,
} from './slot-moved-mail.ts';
import { refundIssuedDocument } from './refund-mail.ts';
import { webhookDisabledDocument } from './webhook-disabled-mail.ts';
import { dailySettlementDocument } from './daily-settlement-mail.ts';
import { staffDocument } from './staff-mails.ts';
import { visitRows } from './visit-time.ts';

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** A mail ready for the transport. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

export interface RenderContext {
  /** Host part of calendar UIDs (the public host). */
  uidHost: string;
}

function confirmationDocument({ lang, payload }: OutboxMailOf<'mail_confirmation'>): MailDocument {
  const site = payload.siteName;
  return {
    lang,
    subject: mailText(lang, 'email_confirm_subject', { site }),
    siteName: site,
    preheader: mailText(lang, 'email_confirm_preheader'),
    heading: mailText(lang, 'email_confirm_heading'),
    paragraphs: [mailText(lang, 'email_confirm_body', { site })],
    tables: [],
    action: { label: mailText(lang, 'email_confirm_button'), url: payload.confirmUrl },
    notes: [
      mailText(lang, 'email_confirm_expiry', {
        date: formatDate(payload.expiresAt, lang),
        time: formatTime(payload.expiresAt),
      }),
      mailText(lang, 'email_confirm_ignore'),
    ],
  };
}

function invitationDocument({ lang, payload }: OutboxMailOf<'invitation'>): MailDocument {
  const site = payload.siteName;
  return {
    lang,
    subject: mailText(lang, 'email_invitation_subject', { site, product: payload.productName }),
    siteName: site,
    preheader: mailText(lang, 'email_invitation_preheader'),
    heading: mailText(lang, 'email_invitation_heading'),
    paragraphs: [mailText(lang, 'email_invitation_body', { site })],
    tables: [
      {
        rows: [
          { label: mailText(lang, 'email_label_ticket'), value: payload.productName },
          ...visitRows(payload.productType, payload.startsAt, payload.endsAt, lang),
        ],
      },
    ],
    action: { label: mailText(lang, 'email_invitation_button'), url: payload.confirmUrl },
    notes: [mailText(lang, 'email_invitation_note')],
  };
}

function purchaseDocument({ lang, payload }: OutboxMailOf<'purchase_confirmation'>): MailDocument {
  const site = payload.siteName;
  const number = payload.reservationNumber;
  const lineRows = payload.lines.map((line) => ({
    label: mailText(lang, 'email_line_quantity', { name: line.name, quantity: line.quantity }),
    value: formatPrice(line.unitPrice * line.quantity, lang),
  }));
  const discountRows =
    payload.discount > 0
      ? [{ label: mailText(lang, 'email_label_discount'), value: formatPrice(-payload.discount, lang) }]
      : [];
  return {
    lang,
    subject: mailText(lang, 'email_purchase_subject', { site, number }),
    siteName: site,
    preheader: mailText(lang, 'email_purchase_preheader', { number }),
    heading: mailText(lang, 'email_purchase_heading'),
    paragraphs: [mailText(lang, 'email_purchase_body')],
    tables: [
      {
        rows: [
          { label: mailText(lang, 'email_label_reservation_number'), value: number, strong: true },
          { label: mailText(lang, 'email_label_ticket'), value: payload.productName },
          ...visitRows(payload.productType, payload.startsAt, payload.endsAt, lang),
        ],
      },
      {
        title: mailText(lang, 'email_label_details'),
        rows: [
          ...lineRows,
          ...discountRows,
          {
            label: mailText(lang, 'email_label_total'),
            value: formatPrice(payload.total, lang),
            strong: true,
          },
        ],
      },
    ],
    action: { label: mailText(lang, 'email_purchase_button'), url: payload.ticketUrl },
    notes: [
      mailText(lang, 'email_purchase_calendar_note'),
      mailText(lang, 'email_purchase_keep'),
      ...(payload.unsubscribeUrl
        ? [
            {
              text: mailText(lang, 'email_purchase_unsubscribe', { url: payload.unsubscribeUrl }),
              url: payload.unsubscribeUrl,
            },
          ]
        : []),
    ],
  };
}

function ticketLinkDocument({ lang, payload }: OutboxMailOf<'ticket_link'>): MailDocument {
  const site = payload.siteName;
  return {
    lang,
    subject: mailText(lang, 'email_ticket_link_subject', { site, product: payload.productName }),
    siteName: site,
    preheader: mailText(lang, 'email_ticket_link_preheader'),
    heading: mailText(lang, 'email_ticket_link_heading'),
    paragraphs: [mailText(lang, 'email_ticket_link_body', { site })],
    tables: [
      {
        rows: [
          { label: mailText(lang, 'email_label_ticket'), value: payload.productName },
          ...visitRows(payload.productType, payload.startsAt, payload.endsAt, lang),
        ],
      },
    ],
    action: { label: mailText(lang, 'email_ticket_link_button'), url: payload.ticketUrl },
    notes: [mailText(lang, 'email_ticket_link_note')],
  };
}

function dateChangedDocument({ lang, payload }: OutboxMailOf<'date_changed'>): MailDocument {
  return movedVisitDocument(lang, 'date_changed', payload, [
    { label: mailText(lang, 'email_label_top_up'), value: formatPrice(payload.paid, lang) },
  ]);
}

function documentOf(mail: OutboxMail): MailDocument {
  switch (mail.kind) {
    case 'mail_confirmation':
      return confirmationDocument(mail);
    case 'invitation':
      return invitationDocument(mail);
    case 'purchase_confirmation':
      return purchaseDocument(mail);
    case 'ticket_link':
      return ticketLinkDocument(mail);
    case 'date_changed':
      return dateChangedDocument(mail);
    case 'staff_invitation':
    case 'staff_password_reset':
    case 'staff_second_factor_reset':
      return staffDocument(mail);
    case 'slot_moved':
      return slotMovedDocument(mail);
    case 'visit_moved':
      return visitMovedDocument(mail);
    case 'shared_visit_moved':
      return sharedVisitMovedDocument(mail);
    case 'refund_issued':
      return refundIssuedDocument(mail);
    case 'webhook_disabled':
      return webhookDisabledDocument(mail);
    case 'daily_settlement':
      return dailySettlementDocument(mail);
  }
}

/** Subject, HTML, plain text and attachments of an outbox mail, from the row alone (ADR 016). */
export function renderMail(mail: OutboxMail, context: RenderContext): RenderedMail {
  const doc = documentOf(mail);
  const attachments: MailAttachment[] =
    mail.kind === 'purchase_confirmation'
      ? [
          {
            filename: `${mail.payload.reservationNumber}.ics`,
            content: purchaseCalendar(mail.payload, mail.lang, context.uidHost),
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          },
        ]
      : mail.kind === 'daily_settlement'
        ? [{ ...mail.payload.csv, contentType: 'text/csv; charset=utf-8' }]
        : [];
  return { subject: doc.subject, html: renderHtml(doc), text: renderText(doc), attachments };
}
