import { useTranslation } from 'react-i18next';
import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { endpointHref } from '../../../shared/api/call-url.ts';

function CalendarIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M3.25 5.5a1.5 1.5 0 0 1 1.5-1.5h10.5a1.5 1.5 0 0 1 1.5 1.5v10a1.5 1.5 0 0 1-1.5 1.5H4.75a1.5 1.5 0 0 1-1.5-1.5zM3.25 8.5h13.5M6.75 2.5v3M13.25 2.5v3M10 10.75v4M8 12.75h4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** GET /reservations/{token}/calendar.ics?lang= (ADR 022), resolved like every API call against the site. */
export function calendarDownloadHref(reservationToken: string, lang: LangCode): string {
  return endpointHref(ROUTES.reservationCalendar, { id: reservationToken }, { lang });
}

/**
 * "Add to calendar": downloads the visit as an .ics file (the server sends it as an attachment), which
 * phones and desktop calendars open to add the event; the same entry as the purchase mail's attachment.
 */
export function AddToCalendarLink({ reservationToken, lang }: { reservationToken: string; lang: LangCode }) {
  const { t } = useTranslation();
  return (
    <a className="button button--secondary" href={calendarDownloadHref(reservationToken, lang)} download>
      <CalendarIcon />
      {t('ticket_add_to_calendar')}
    </a>
  );
}
