import { tokyoDateParts, type LangCode } from '@kippu/contract';
import type { MailPayloads } from '../mail-kinds.ts';
import { mailText } from './mail-texts.ts';
import { foldIcs } from './fold-ics.ts';

/** What a calendar entry shows: the purchase mail's payload has it, the ticket page's download reads it. */
export type CalendarVisit = Pick<
  MailPayloads['purchase_confirmation'],
  'siteName' | 'reservationNumber' | 'productName' | 'productType' | 'startsAt' | 'endsAt' | 'ticketUrl'
>;

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, a line break (CRLF, LF or a lone CR)
 * written `\n`, other control characters, which TEXT does not allow, dropped.
 */
function icsText(value: string): string {
  return (
    value
      .replace(/[\\;,]/g, (char) => `\\${char}`)
      .replace(/\r\n?|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- the control characters are what it removes (a tab stays)
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/** A UTC DATE-TIME in whole seconds (`20250105T010000Z`). */
function icsUtc(iso: string | Date): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A DATE of the visit's day in Tokyo (`20250105`). */
function icsTokyoDay(iso: string): string {
  const { year, month, day } = tokyoDateParts(iso);
  return `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

/**
 * The visit as an iCalendar event (RFC 5545) for the purchase confirmation and the ticket page's "add to
 * calendar" download. A slot or a day ticket is timed, written in UTC (`DTSTART:20250105T010000Z`) so no
 * calendar has to know Asia/Tokyo; a pass is an all-day event over the days it is valid (DTEND exclusive).
 * The UID is the reservation number at our host, so a mail sent twice (ADR 016: at least once) or the
 * ticket page's download updates one entry instead of adding a second. Written here rather than by a
 * package: the `ics` package validated every event with a schema library, 1.5 ms of the mail worker's CPU
 * a purchase, the largest part of rendering the mail (docs/benchmarks.md, session 28).
 */
export function purchaseCalendar(payload: CalendarVisit, lang: LangCode, uidHost: string): string {
  const when =
    payload.productType === 'period'
      ? [
          `DTSTART;VALUE=DATE:${icsTokyoDay(payload.startsAt)}`,
          `DTEND;VALUE=DATE:${icsTokyoDay(payload.endsAt)}`,
        ]
      : [`DTSTART:${icsUtc(payload.startsAt)}`, `DTEND:${icsUtc(payload.endsAt)}`];
  const description = mailText(lang, 'email_purchase_calendar_description', {
    number: payload.reservationNumber,
    url: payload.ticketUrl,
  });
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'PRODID:kippu/mail',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(payload.siteName)}`,
    'BEGIN:VEVENT',
    `UID:${icsText(`${payload.reservationNumber}@${uidHost}`)}`,
    `SUMMARY:${icsText(payload.productName)}`,
    `DTSTAMP:${icsUtc(new Date())}`,
    ...when,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${payload.ticketUrl}`,
    'STATUS:CONFIRMED',
    'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  // Folded by octets (RFC 5545 §3.1): a Japanese title is three octets a character.
  return `${foldIcs(lines.join('\r\n'))}\r\n`;
}
