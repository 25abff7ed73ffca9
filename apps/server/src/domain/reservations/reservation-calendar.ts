import type { LangCode, SiteCode } from '@kippu/contract';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { visitOf } from './reservation-visit.ts';
import { publicHost } from '../links.ts';
import { purchaseCalendar } from '../mail/templates/calendar-attachment.ts';
import { reservationByToken } from './reservation-details.ts';

export interface CalendarFile {
  filename: string;
  content: string;
}

/**
 * GET /reservations/{token}/calendar.ics (ADR 022): the visit as the same iCalendar event the purchase mail
 * attaches (same writer, same UID), in `lang` or the reservation's language; unknown → record not found.
 */
export async function reservationCalendar(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  site: SiteCode,
  reservationToken: string,
  requestedLang: LangCode | undefined,
): Promise<CalendarFile> {
  const reservation = await reservationByToken(db, site, reservationToken);
  if (!reservation) throw new AppError('record_not_found');
  const lang = requestedLang ?? reservation.lang;
  const content = purchaseCalendar(visitOf(env, reservation, lang), lang, publicHost(env));
  return { filename: `${reservation.number}.ics`, content };
}
