import { createEvent, type DateArray, type EventAttributes } from 'ics';
import { tokyoDateParts, type LangCode } from '@kippu/contract';
import type { MailPayloads } from '../mail-kinds.ts';
import { mailText } from './mail-texts.ts';
import { foldIcs } from './fold-ics.ts';

function tokyoDay(iso: string): DateArray {
  const { year, month, day } = tokyoDateParts(iso);
  return [year, month, day];
}

/** What a calendar entry shows: the purchase mail's payload has it, the ticket page's download reads it. */
export type CalendarVisit = Pick<
  MailPayloads['purchase_confirmation'],
  'siteName' | 'reservationNumber' | 'productName' | 'productType' | 'startsAt' | 'endsAt' | 'ticketUrl'
>;

/**
 * The visit as an iCalendar event (RFC 5545) for the purchase confirmation and the ticket page's "add to
 * calendar" download. A slot or a day ticket is timed, written in UTC (`DTSTART:20250105T010000Z`) so no
 * calendar has to know Asia/Tokyo; a pass is an all-day event over the days it is valid (DTEND exclusive).
 * The UID is the reservation number at our host, so a mail sent twice (ADR 016: at least once) or the
 * ticket page's download updates one entry instead of adding a second.
 */
export function purchaseCalendar(payload: CalendarVisit, lang: LangCode, uidHost: string): string {
  const when: Pick<EventAttributes, 'start' | 'startInputType' | 'startOutputType'> & {
    end: EventAttributes['start'];
    endInputType?: 'utc';
    endOutputType?: 'utc';
  } =
    payload.productType === 'period'
      ? { start: tokyoDay(payload.startsAt), end: tokyoDay(payload.endsAt) }
      : {
          start: Date.parse(payload.startsAt),
          startInputType: 'utc',
          startOutputType: 'utc',
          end: Date.parse(payload.endsAt),
          endInputType: 'utc',
          endOutputType: 'utc',
        };
  const { error, value } = createEvent({
    ...when,
    uid: `${payload.reservationNumber}@${uidHost}`,
    productId: 'kippu/mail',
    method: 'PUBLISH',
    title: payload.productName,
    description: mailText(lang, 'email_purchase_calendar_description', {
      number: payload.reservationNumber,
      url: payload.ticketUrl,
    }),
    url: payload.ticketUrl,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    calName: payload.siteName,
  } as EventAttributes);
  if (error || !value) throw new Error(`calendar entry could not be written: ${error?.message ?? 'empty'}`);
  // Folded again by octets (RFC 5545 §3.1): the package counts characters.
  return foldIcs(value);
}
