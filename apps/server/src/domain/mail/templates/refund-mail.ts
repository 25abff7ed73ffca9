import { formatPrice } from '@kippu/contract';
import type { OutboxMailOf } from '../mail-kinds.ts';
import type { MailDocument } from './mail-layout.ts';
import { mailText } from './mail-texts.ts';

/**
 * "Your refund" (issue 29, ADR 076): tickets were cancelled with money back; how much, how many tickets, the
 * return note's number and its link (the button), and the ticket page for the tickets that stay.
 */
export function refundIssuedDocument({ lang, payload }: OutboxMailOf<'refund_issued'>): MailDocument {
  const site = payload.siteName;
  const number = payload.reservationNumber;
  return {
    lang,
    subject: mailText(lang, 'email_refund_issued_subject', { site, number }),
    siteName: site,
    preheader: mailText(lang, 'email_refund_issued_preheader'),
    heading: mailText(lang, 'email_refund_issued_heading'),
    paragraphs: [mailText(lang, 'email_refund_issued_body')],
    tables: [
      {
        rows: [
          { label: mailText(lang, 'email_label_reservation_number'), value: number },
          { label: mailText(lang, 'email_label_ticket'), value: payload.productName },
          {
            label: mailText(lang, 'email_label_refunded_tickets'),
            value: mailText(lang, 'email_refund_issued_ticket_count', { count: payload.ticketCount }),
          },
          {
            label: mailText(lang, 'email_label_refund_amount'),
            value: formatPrice(payload.amount, lang),
            strong: true,
          },
          { label: mailText(lang, 'email_label_return_note'), value: payload.returnNoteNumber },
        ],
      },
    ],
    action: { label: mailText(lang, 'email_refund_issued_button'), url: payload.returnNoteUrl },
    notes: [
      {
        text: mailText(lang, 'email_refund_issued_note', { url: payload.ticketUrl }),
        url: payload.ticketUrl,
      },
    ],
  };
}
