import type { LangCode } from '@kippu/contract';
import type { OutboxMailOf } from '../mail-kinds.ts';
import { formatDate, formatTime } from '@kippu/contract';
import type { MailDocument, MailNote } from './mail-layout.ts';
import { mailText } from './mail-texts.ts';
import { visitRows, type DetailRow } from './visit-time.ts';

/** What a mail about a reservation's visit moving to another time shows (a change of date, a shifted slot). */
interface MovedVisit {
  siteName: string;
  reservationNumber: string;
  productName: string;
  productType: OutboxMailOf<'slot_moved'>['payload']['productType'];
  startsAt: string;
  endsAt: string;
  previousStartsAt: string;
  previousEndsAt: string;
  ticketUrl: string;
}

/**
 * A visit that moved: the new time first (strong), the one before below with `previousExtra` after it; the
 * texts are `email_<kind>_{subject,preheader,heading,body,note}`. The change of date's mail and the slot
 * moved mail are this one document with their own texts.
 */
export function movedVisitDocument(
  lang: LangCode,
  kind: 'date_changed' | 'slot_moved' | 'visit_moved' | 'shared_visit_moved',
  payload: MovedVisit,
  previousExtra: DetailRow[] = [],
  extraNotes: MailNote[] = [],
): MailDocument {
  const site = payload.siteName;
  const number = payload.reservationNumber;
  return {
    lang,
    subject: mailText(lang, `email_${kind}_subject`, { site, number }),
    siteName: site,
    preheader: mailText(lang, `email_${kind}_preheader`),
    heading: mailText(lang, `email_${kind}_heading`),
    paragraphs: [mailText(lang, `email_${kind}_body`)],
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
        rows: [
          ...visitRows(payload.productType, payload.previousStartsAt, payload.previousEndsAt, lang),
          ...previousExtra,
        ],
      },
    ],
    action: { label: mailText(lang, 'email_purchase_button'), url: payload.ticketUrl },
    notes: [mailText(lang, `email_${kind}_note`), ...extraNotes],
  };
}

/**
 * "Your slot moved" (issue 28, ADR 069): the console shifted the slot of the visitor's reservation. The
 * tickets and their QR codes stay; the entry window follows the slot.
 */
export function slotMovedDocument({ lang, payload }: OutboxMailOf<'slot_moved'>): MailDocument {
  return movedVisitDocument(lang, 'slot_moved', payload);
}

/**
 * "The tickets shared with you moved" (ADR 107): the purchase they belong to changed its date, or the console
 * moved it; sent to the addresses the share's link was sent to. Their QR codes stay; the link is theirs.
 */
export function sharedVisitMovedDocument({ lang, payload }: OutboxMailOf<'shared_visit_moved'>): MailDocument {
  return movedVisitDocument(lang, 'shared_visit_moved', payload);
}

/**
 * "Your visit has been moved" (issue 29, ADR 079): a run moved the reservation out of a closed slot or day,
 * with new QR codes; the holder's mail adds the self-service link (another slot, or a refund) and its deadline.
 */
export function visitMovedDocument({ lang, payload }: OutboxMailOf<'visit_moved'>): MailDocument {
  const { choiceUrl, choiceUntil } = payload;
  const choice: MailNote[] =
    choiceUrl && choiceUntil
      ? [
          {
            text: mailText(lang, 'email_visit_moved_choice', {
              deadline: `${formatDate(choiceUntil, lang)} ${formatTime(choiceUntil)}`,
              url: choiceUrl,
            }),
            url: choiceUrl,
          },
        ]
      : [];
  return movedVisitDocument(lang, 'visit_moved', payload, [], choice);
}
