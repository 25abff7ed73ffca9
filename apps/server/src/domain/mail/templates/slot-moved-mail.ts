import type { OutboxMailOf } from '../mail-kinds.ts';
import type { MailDocument } from './mail-layout.ts';
import { mailText } from './mail-texts.ts';
import { visitRows } from './visit-time.ts';

/**
 * "Your slot moved" (issue 28, ADR 069): the console shifted the slot of the visitor's reservation. The
 * tickets and their QR codes stay; the entry window follows the slot. New time first, the one before below.
 */
export function slotMovedDocument({ lang, payload }: OutboxMailOf<'slot_moved'>): MailDocument {
  const site = payload.siteName;
  const number = payload.reservationNumber;
  return {
    lang,
    subject: mailText(lang, 'email_slot_moved_subject', { site, number }),
    siteName: site,
    preheader: mailText(lang, 'email_slot_moved_preheader'),
    heading: mailText(lang, 'email_slot_moved_heading'),
    paragraphs: [mailText(lang, 'email_slot_moved_body')],
    tables: [
      {
        rows: [
          { label: mailText(lang, 'email_label_reservation_number'), value: number, strong: true },
          { label: mailText(lang, 'email_label_ticket'), value: payload.productName },
          ...visitRows(payload.productType, payload.startsAt, payload.endsAt, lang).map((row) => ({
            ...row,
            strong: true,
          })),
        ],
      },
      {
        title: mailText(lang, 'email_label_previous_visit'),
        rows: visitRows(payload.productType, payload.previousStartsAt, payload.previousEndsAt, lang),
      },
    ],
    action: { label: mailText(lang, 'email_purchase_button'), url: payload.ticketUrl },
    notes: [mailText(lang, 'email_slot_moved_note')],
  };
}
